import { useLingui } from "@lingui/react";
import { HandCoins } from "lucide-react";
import { useEffect, useState } from "react";
import type { PaymentRequest } from "#shared/schemas/payment-request.ts";
import { claimText } from "./claim-text";

/** Keeps "2 min ago" true while the card stays on screen. */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * The payer's "I've paid" on a pending request's card, right above Mark Paid: their word, not
 * yet the requester's (docs/decisions/016-close-the-loop.md).
 */
export function ClaimLine({ request }: { request: PaymentRequest }) {
  const { i18n } = useLingui();
  const now = useNow(30_000);
  const text = request.status === "pending" ? claimText(request, now, i18n) : null;
  if (!text) return null;
  return (
    <div
      data-claim-line
      className="mt-3 rounded-xl bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900 dark:bg-emerald-400/10 dark:text-emerald-200"
    >
      <p className="flex items-start gap-2">
        <HandCoins aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span className="wrap-anywhere">{text}</span>
      </p>
      {request.claimNote ? (
        <p className="mt-1 ps-6 wrap-anywhere text-emerald-800 dark:text-emerald-300">
          “{request.claimNote}”
        </p>
      ) : null}
    </div>
  );
}
