import { useLingui } from "@lingui/react";
import { Laptop, Smartphone, Tablet } from "lucide-react";
import { Button } from "#client/components/ui/button.tsx";
import { useSessions, useSignOutOthers, useSignOutSession } from "#client/features/account/api.ts";
import { formatRequestDate } from "#client/lib/format-date.ts";
import { toast } from "#client/lib/toast.tsx";
import { showMutationError } from "#client/lib/unauthorized.ts";
import type { DeviceKind } from "#shared/schemas/account.ts";

/** The picture of a device: a phone for an iPhone, not a laptop. */
const DEVICE_ICONS: Record<DeviceKind, typeof Laptop> = {
  phone: Smartphone,
  tablet: Tablet,
  computer: Laptop,
};

/** Where the account is signed in, with a way out for each device and for all the others. */
export function SessionsList() {
  const { i18n } = useLingui();
  const { data: sessions, isLoading } = useSessions();
  const signOut = useSignOutSession();
  const signOutOthers = useSignOutOthers();
  const others = sessions?.filter((s) => !s.current).length ?? 0;

  return (
    <section aria-labelledby="sessions-heading" className="space-y-3">
      <h3 id="sessions-heading" className="font-semibold text-slate-900 dark:text-slate-100">
        {i18n._("Where you're signed in")}
      </h3>
      {isLoading ? <p className="text-sm text-slate-500 dark:text-slate-400">{i18n._("Loading…")}</p> : null}
      <ul className="divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200 dark:divide-slate-800 dark:ring-slate-800">
        {sessions?.map((session) => {
          const Icon = DEVICE_ICONS[session.kind];
          // The server's names ("Chrome", "iPhone"), or its "Unknown browser" / "Unknown device".
          const names = { browser: i18n._(session.browser), device: i18n._(session.device) };
          return (
            <li key={session.id} className="flex items-center gap-3 p-3">
              <Icon aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
              <div className="min-w-0 flex-1">
                {/* The name may be cut short on a phone; "This device" never is. */}
                <p className="flex min-w-0 items-center gap-2 text-sm font-medium text-slate-900 dark:text-slate-100">
                  <span className="truncate">{i18n._("{browser} on {device}", names)}</span>
                  {session.current ? (
                    <span className="shrink-0 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">
                      {i18n._("This device")}
                    </span>
                  ) : null}
                </p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  {i18n._("Last seen {date}", {
                    date: formatRequestDate(session.lastSeenAt, undefined, undefined, i18n),
                  })}
                </p>
              </div>
              {session.current ? null : (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={i18n._("Sign out {browser} on {device}", names)}
                  disabled={signOut.isPending}
                  onClick={() =>
                    signOut.mutate(session.id, {
                      onSuccess: () =>
                        toast({
                          title: i18n._("Signed out"),
                          description: i18n._("That device is signed out."),
                        }),
                      onError: (error) => showMutationError(i18n._("Not signed out"), error),
                    })
                  }
                >
                  {i18n._("Sign out")}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {others > 0 ? (
        <Button
          variant="secondary"
          disabled={signOutOthers.isPending}
          onClick={() =>
            signOutOthers.mutate(undefined, {
              onSuccess: () =>
                toast({
                  title: i18n._("Signed out"),
                  description: i18n._("Every other device is signed out."),
                }),
              onError: (error) => showMutationError(i18n._("Not signed out"), error),
            })
          }
        >
          {i18n._("Sign out of all other devices")}
        </Button>
      ) : null}
    </section>
  );
}
