import { MailWarning } from "lucide-react";
import { useAccount, useResendVerification } from "../../lib/account";
import { apiErrorMessage } from "../../lib/api";
import { Button } from "../ui/button";

/** Until the address is confirmed (and only where mail works): a line, and a way to get the email again. */
export function EmailBanner() {
  const { data: account } = useAccount();
  const resend = useResendVerification();
  if (!account || account.emailVerified || !account.mailEnabled) return null;
  return (
    // Not a labelled landmark: "email" in a label would shadow the profile's Email field for label lookups.
    <div className="mb-6 flex flex-col gap-3 rounded-2xl bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-200 sm:flex-row sm:items-center dark:bg-amber-950/40 dark:text-amber-100 dark:ring-amber-900">
      <MailWarning aria-hidden="true" className="size-5 shrink-0" />
      <p className="min-w-0 flex-1 break-words">
        Please confirm your email: we sent a link to <strong>{account.email}</strong>.
        {resend.isSuccess ? " A new link is on its way." : null}
        {resend.isError ? ` ${apiErrorMessage(resend.error)}` : null}
      </p>
      <Button size="sm" variant="secondary" disabled={resend.isPending} onClick={() => resend.mutate()}>
        Send it again
      </Button>
    </div>
  );
}
