import { useLingui } from "@lingui/react";
import { ArrowDown, ArrowUp } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent } from "#client/components/ui/card.tsx";
import { showMutationError } from "#client/lib/unauthorized.ts";
import { type Provider, payPageOrder, providerLabel } from "#shared/providers.ts";
import type { PaymentAccount } from "#shared/schemas/payment-account.ts";
import { latestMethodOrder, useSaveMethodOrder } from "./api";

/**
 * "Order on your pay page" (Payment Methods): the saved methods in the order payers see their
 * buttons, each moved a place up or down (keyboard and touch alike), saved at once. Until the
 * account orders them, the pay page's own order (Venmo first); "Back to the usual order" returns
 * to it. Focus stays on the button pressed, on its method's new row.
 */
export function MethodOrder({
  accounts,
  chosen,
}: {
  accounts: readonly PaymentAccount[];
  chosen: readonly Provider[] | undefined;
}) {
  const { i18n } = useLingui();
  const save = useSaveMethodOrder();
  const list = useRef<HTMLOListElement>(null);
  const [moved, setMoved] = useState<{ provider: Provider; by: -1 | 1 } | null>(null);
  const order = payPageOrder(accounts, chosen).map((a) => a.provider);
  const shown = order.join(" ");
  // Again once the list has moved (the saved order arrives a moment after the press): moving a
  // focused row in the document takes the focus away from it.
  useEffect(() => {
    if (!moved || !shown) return;
    const buttons = list.current
      ?.querySelector(`[data-provider="${moved.provider}"]`)
      ?.querySelectorAll<HTMLButtonElement>("button");
    const [up, down] = [buttons?.[0], buttons?.[1]];
    const pressed = moved.by === -1 ? up : down;
    // At an end of the list its button is disabled: the other one takes the focus.
    (pressed?.disabled ? (moved.by === -1 ? down : up) : pressed)?.focus();
  }, [moved, shown]);
  if (order.length < 2) return null;

  const move = (provider: Provider, by: -1 | 1) => {
    // From the order as last saved, not as last drawn: a quick second press comes before React
    // draws the first one's list.
    const next = payPageOrder(accounts, latestMethodOrder(chosen)).map((a) => a.provider);
    const from = next.indexOf(provider);
    [next[from], next[from + by]] = [next[from + by] as Provider, provider];
    setMoved({ provider, by });
    save.mutate(next, { onError: (error) => showMutationError(i18n._("Order not saved"), error) });
  };
  return (
    <Card className="mt-6">
      <CardContent className="space-y-3">
        <h2 id="method-order" className="font-semibold text-slate-900 dark:text-slate-100">
          {i18n._("Order on your pay page")}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {chosen
            ? i18n._("Payers see your methods in this order.")
            : i18n._("Payers see Venmo first, then the rest. Move one up to put the one you prefer first.")}
        </p>
        <ol ref={list} aria-labelledby="method-order" className="space-y-1">
          {order.map((provider, index) => {
            const name = providerLabel(provider, i18n);
            return (
              <li key={provider} data-provider={provider} className="flex items-center gap-2">
                <span className="w-6 text-end text-sm text-slate-500 tabular-nums dark:text-slate-400">
                  {index + 1}.
                </span>
                <span className="min-w-0 flex-1 font-medium break-words text-slate-900 dark:text-slate-100">
                  {name}
                </span>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  disabled={index === 0}
                  aria-label={i18n._("Move {name} up", { name })}
                  onClick={() => move(provider, -1)}
                >
                  <ArrowUp aria-hidden="true" className="size-5" />
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  disabled={index === order.length - 1}
                  aria-label={i18n._("Move {name} down", { name })}
                  onClick={() => move(provider, 1)}
                >
                  <ArrowDown aria-hidden="true" className="size-5" />
                </Button>
              </li>
            );
          })}
        </ol>
        {chosen ? (
          <Button
            type="button"
            variant="secondary"
            size="sm"
            disabled={save.isPending}
            onClick={() =>
              save.mutate(null, { onError: (error) => showMutationError(i18n._("Order not saved"), error) })
            }
          >
            {i18n._("Back to the usual order")}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
