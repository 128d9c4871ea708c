import { useState } from "react";
import { Link, useSearch } from "wouter";
import { NewPasswordField } from "#client/components/new-password-field.tsx";
import { Button, buttonClass } from "#client/components/ui/button.tsx";
import { Form } from "#client/components/ui/form.tsx";
import { LoadingBlock, Spinner } from "#client/components/ui/spinner.tsx";
import { AuthFrame, FrameLink, FrameNotice } from "#client/features/auth/auth-frame.tsx";
import { useResetPassword, useResetTokenCheck } from "#client/features/auth/recovery-api.ts";
import { newPasswordProblem } from "#client/features/auth/sign-in-errors.ts";
import { apiErrorDetails } from "#client/lib/api.ts";
import { leaveWithNotice } from "#client/lib/arrival-notice.ts";
import { cn } from "#client/lib/cn.ts";
import { paths } from "#client/lib/paths.ts";
import { RESET_LINK_USED } from "#shared/schemas/account.ts";

/** /reset-password?token=…: the emailed link lands here; a new password signs this browser in. */
export default function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const check = useResetTokenCheck(token);
  if (!token || check.data === false) return <LinkUsed />;
  if (check.isPending) {
    return (
      <AuthFrame title="Choose a new password">
        <LoadingBlock className="py-4" label="Checking your link…" />
      </AuthFrame>
    );
  }
  return <NewPasswordForm token={token} />;
}

/** A used or expired link says so on arrival, with the way to a new one; nothing to type. */
function LinkUsed() {
  return (
    <AuthFrame title="This link no longer works">
      <FrameNotice kind="error">{RESET_LINK_USED}</FrameNotice>
      <Link href={paths.forgotPassword} className={cn(buttonClass("primary"), "w-full")}>
        Send a new link
      </Link>
    </AuthFrame>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);

  const onSubmit = () => {
    const problem = newPasswordProblem(password);
    setError(problem);
    if (problem) return;
    reset.mutate(
      { token, newPassword: password },
      {
        // Signed in now, and signed out everywhere else: Home says so.
        onSuccess: () => leaveWithNotice("passwordReset", paths.home),
        onError: (failure) => {
          const { code, message } = apiErrorDetails(failure);
          setError(code === "INVALID_TOKEN" ? RESET_LINK_USED : message);
        },
      },
    );
  };

  return (
    <AuthFrame
      title="Choose a new password"
      lead="You'll be signed in, and signed out on every other device."
    >
      <Form onSubmit={onSubmit} className="space-y-4" busy={reset.isPending}>
        <NewPasswordField
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={error ? true : undefined}
        />
        {error ? <FrameNotice kind="error">{error}</FrameNotice> : null}
        <Button type="submit" className="w-full" disabled={reset.isPending || reset.isSuccess}>
          {reset.isPending || reset.isSuccess ? <Spinner /> : null}
          Save and sign in
        </Button>
      </Form>
      <FrameLink href={paths.forgotPassword}>Send a new link</FrameLink>
    </AuthFrame>
  );
}
