import { Trans, useLingui } from "@lingui/react";
import { MailWarning } from "lucide-react";
import { useState } from "react";
import { CloseButton } from "#client/components/ui/close-button.tsx";
import { useAccount, useResendVerification } from "#client/features/account/account.ts";
import { apiErrorMessage } from "#client/lib/api.ts";

/** Put away for this tab's session: it comes back in a new one until the address is confirmed. */
const DISMISSED_KEY = "collect.email-banner-dismissed";

function wasDismissed(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === "1";
  } catch {
    return false;
  }
}

/**
 * Until the address is confirmed (and only where mail works): one compact line, a way to get
 * the email again, and a way to put it away, so on a phone the page's own form stays in view.
 */
export function EmailBanner() {
  const { data: account } = useAccount();
  const resend = useResendVerification();
  const [dismissed, setDismissed] = useState(wasDismissed);
  const { i18n } = useLingui();
  if (dismissed || !account || account.emailVerified || !account.mailEnabled) return null;
  const dismiss = () => {
    try {
      sessionStorage.setItem(DISMISSED_KEY, "1");
    } catch {
      // Storage off: put away until the next load.
    }
    setDismissed(true);
  };
  return (
    // Not a labelled landmark: "email" in a label would shadow the profile's Email field for label lookups.
    <div
      data-banner="email"
      className="mb-4 flex items-center gap-2 rounded-xl bg-amber-50 py-0.5 pe-0.5 ps-3 text-sm text-amber-950 ring-1 ring-amber-200 dark:bg-amber-950/40 dark:text-amber-100 dark:ring-amber-900"
    >
      <MailWarning aria-hidden="true" className="size-4 shrink-0" />
      <p className="min-w-0 flex-1 py-1.5 break-words">
        <Trans
          id="Please confirm your email<0>: we sent a link to <1>{email}</1></0>."
          values={{ email: account.email }}
          components={{ 0: <span className="hidden sm:inline" />, 1: <strong /> }}
        />
        {resend.isSuccess ? ` ${i18n._("A new link is on its way.")}` : null}
        {resend.isError ? ` ${i18n._(apiErrorMessage(resend.error))}` : null}
      </p>
      <button
        type="button"
        disabled={resend.isPending}
        onClick={() => resend.mutate()}
        className="min-h-11 shrink-0 rounded-lg px-2 font-semibold text-amber-950 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-amber-700 disabled:opacity-60 dark:text-amber-100"
      >
        {i18n._("Send again")}
      </button>
      <CloseButton
        label={i18n._("Dismiss")}
        onClick={dismiss}
        className="text-amber-900 hover:bg-amber-100 focus-visible:outline-amber-700 dark:text-amber-100 dark:hover:bg-amber-900/60"
      />
    </div>
  );
}
