import { useLingui } from "@lingui/react";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { usePasskeySignIn } from "#client/features/auth/recovery-api.ts";
import { apiErrorDetails } from "#client/lib/api.ts";
import { leavePage } from "#client/lib/leave-page.ts";

/** "Sign in with a passkey", for the sign-in page; lands on `target` once signed in. */
export function PasskeySignInButton({ target }: { target: string }) {
  const { i18n } = useLingui();
  const signIn = usePasskeySignIn();
  const [error, setError] = useState<string | null>(null);
  if (typeof window !== "undefined" && !window.PublicKeyCredential) return null;
  const start = () => {
    setError(null);
    signIn.mutate(undefined, {
      onSuccess: () => leavePage(target),
      onError: (failure) => {
        // The person closed the browser's passkey prompt: nothing to say.
        if (failure instanceof Error && failure.name === "NotAllowedError") return;
        const { status, message } = apiErrorDetails(failure);
        setError(
          status === 401
            ? i18n._("That passkey was not accepted. Try another, or use your password.")
            : i18n._(message),
        );
      },
    });
  };
  return (
    <div className="space-y-2">
      <Button
        type="button"
        variant="secondary"
        className="w-full"
        disabled={signIn.isPending}
        onClick={start}
      >
        {signIn.isPending || signIn.isSuccess ? <Spinner /> : <KeyRound aria-hidden="true" />}
        {i18n._("Use a passkey")}
      </Button>
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
