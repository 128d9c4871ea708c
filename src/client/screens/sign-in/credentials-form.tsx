import { useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Form } from "#client/components/ui/form.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { useSignIn, useSignUp } from "#client/features/auth/api.ts";
import { FrameNotice } from "#client/features/auth/auth-frame.tsx";
import { EmailField } from "#client/features/auth/email-field.tsx";
import { PasswordField } from "#client/features/auth/password-field.tsx";
import { credentialsProblem, signInErrorMessage } from "#client/features/auth/sign-in-errors.ts";
import type { SignInMode } from "#client/features/auth/sign-in-mode.ts";
import { apiErrorDetails } from "#client/lib/api.ts";
import { ForgotPasswordLink } from "./forgot-password-link";

type CredentialsFormProps = {
  mode: SignInMode;
  /** An error to show before anything is typed (a failed single sign-on). */
  initialError: string | null;
  /** Called once signed in; the page navigates away. */
  onSignedIn: () => void;
};

/** Email and password, then "Sign in" or "Create account" (docs/product.md "Sign in"). */
export function CredentialsForm({ mode, initialError, onSignedIn }: CredentialsFormProps) {
  const signIn = useSignIn();
  const signUp = useSignUp();
  const mutation = mode === "sign-in" ? signIn : signUp;
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(initialError);
  const pending = signIn.isPending || signUp.isPending || signIn.isSuccess || signUp.isSuccess;

  const onSubmit = () => {
    if (pending) return;
    const problem = credentialsProblem(mode, email, password);
    setError(problem);
    if (problem) return;
    mutation.mutate(
      { email: email.trim(), password },
      {
        onSuccess: onSignedIn,
        onError: (failure) => setError(signInErrorMessage(apiErrorDetails(failure))),
      },
    );
  };

  return (
    <Form onSubmit={onSubmit} className="space-y-4" busy={pending}>
      <EmailField
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        autoComplete={mode === "sign-in" ? "username" : "email"}
        invalid={Boolean(error)}
      />
      <PasswordField
        name="password"
        autoComplete={mode === "sign-in" ? "current-password" : "new-password"}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        aria-invalid={error ? true : undefined}
      />
      {mode === "sign-in" ? <ForgotPasswordLink /> : null}
      {error ? <FrameNotice kind="error">{error}</FrameNotice> : null}
      <Button type="submit" className="w-full" disabled={pending}>
        {mutation.isPending || mutation.isSuccess ? <Spinner /> : null}
        {mode === "sign-in" ? "Sign in" : "Create account"}
      </Button>
    </Form>
  );
}
