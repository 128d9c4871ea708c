import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { useAccount } from "../../../lib/account";
import { ChangePasswordForm } from "./change-password-form";
import { DataAndDeletion } from "./delete-account";
import { PasskeysList } from "./passkeys-list";
import { SessionsList } from "./sessions-list";

/** Profile → Security: password, devices, passkeys, data and deletion. */
export function SecuritySection() {
  const { data: account } = useAccount();
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>Security</CardTitle>
        <CardDescription>How you sign in, and where.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-8">
        {account?.hasPassword ? <ChangePasswordForm /> : null}
        <SessionsList />
        <PasskeysList />
        <DataAndDeletion hasPassword={account?.hasPassword ?? true} />
      </CardContent>
    </Card>
  );
}
