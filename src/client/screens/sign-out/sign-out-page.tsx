import { useLingui } from "@lingui/react";
import { LogOut } from "lucide-react";
import { useState } from "react";
import { Button, buttonClass } from "#client/components/ui/button.tsx";
import { Card, CardContent } from "#client/components/ui/card.tsx";
import { Logo } from "#client/components/ui/logo.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { signOut } from "#client/features/auth/sign-out.ts";
import { paths } from "#client/lib/paths.ts";

/** Where a sign-out link from another site lands: nothing ends until the user says so. */
export default function SignOutPage() {
  const { i18n } = useLingui();
  const [pending, setPending] = useState(false);
  return (
    <main className="flex min-h-dvh flex-col items-center bg-gradient-to-b from-emerald-50 to-slate-50 px-4 py-10 sm:justify-center dark:from-emerald-950 dark:to-slate-950">
      <Logo size="lg" className="mb-8" />
      <Card className="w-full max-w-sm">
        <CardContent className="space-y-6 text-center">
          <div className="space-y-1">
            <h1 className="text-xl font-bold text-slate-900 dark:text-white">{i18n._("Sign out?")}</h1>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {i18n._("A link from another site asked to sign you out of Collect.")}
            </p>
          </div>
          <div className="space-y-3">
            <Button
              className="w-full"
              disabled={pending}
              onClick={() => {
                setPending(true);
                void signOut();
              }}
            >
              {pending ? <Spinner /> : <LogOut aria-hidden="true" />}
              {i18n._("Sign out")}
            </Button>
            <a href={paths.home} className={`${buttonClass("secondary")} w-full`}>
              {i18n._("Stay signed in")}
            </a>
          </div>
        </CardContent>
      </Card>
    </main>
  );
}
