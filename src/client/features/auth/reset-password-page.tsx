import { useState } from "react";
import { useSearch } from "wouter";
import { NewPasswordField } from "../../components/new-password-field";
import { Button } from "../../components/ui/button";
import { Form } from "../../components/ui/form";
import { Spinner } from "../../components/ui/spinner";
import { apiErrorDetails } from "../../lib/api";
import { paths } from "../../paths";
import { AuthFrame, FrameLink, FrameNotice } from "./auth-frame";
import { useResetPassword } from "./recovery-api";
import { newPasswordProblem } from "./sign-in-errors";

const EXPIRED = "This link has expired or was already used. Ask for a new one.";

/** /reset-password?token=…: the emailed link lands here; a new password signs this browser in. */
export default function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const reset = useResetPassword();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(token ? null : EXPIRED);

  const onSubmit = () => {
    const problem = newPasswordProblem(password);
    setError(problem);
    if (problem) return;
    reset.mutate(
      { token, newPassword: password },
      {
        // Signed in now, and signed out everywhere else.
        onSuccess: () => window.location.assign(paths.home),
        onError: (failure) => {
          const { code, message } = apiErrorDetails(failure);
          setError(code === "INVALID_TOKEN" ? EXPIRED : message);
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
        <Button type="submit" className="w-full" disabled={reset.isPending || reset.isSuccess || !token}>
          {reset.isPending || reset.isSuccess ? <Spinner /> : null}
          Save and sign in
        </Button>
      </Form>
      <FrameLink href={paths.forgotPassword}>Send a new link</FrameLink>
    </AuthFrame>
  );
}
