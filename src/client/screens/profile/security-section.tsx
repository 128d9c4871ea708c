import { useLingui } from "@lingui/react";
import { Card, CardContent } from "#client/components/ui/card.tsx";
import { useAccount } from "#client/features/account/account.ts";
import { ChangePasswordForm } from "./change-password-form";
import { DataAndDeletion } from "./delete-account";
import { PasskeysList } from "./passkeys-list";
import { SessionsList } from "./sessions-list";

/** Profile → Security: password, devices, passkeys, data and deletion. */
export function SecuritySection() {
  const { i18n } = useLingui();
  const { data: account } = useAccount();
  return (
    <Card id="security" className="mt-6 scroll-mt-20">
      <div className="space-y-1 p-5 pb-0 sm:p-6 sm:pb-0">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-100">{i18n._("Security")}</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{i18n._("How you sign in, and where.")}</p>
      </div>
      <CardContent className="space-y-8">
        {account?.hasPassword ? <ChangePasswordForm /> : null}
        <SessionsList />
        <PasskeysList />
        <DataAndDeletion hasPassword={account?.hasPassword ?? true} />
      </CardContent>
    </Card>
  );
}
