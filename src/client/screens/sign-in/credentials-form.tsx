import { useLingui } from "@lingui/react";
import { useId, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Form } from "#client/components/ui/form.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { useSignIn, useSignUp } from "#client/features/auth/api.ts";
import { FrameNotice } from "#client/features/auth/auth-frame.tsx";
import { EmailField } from "#client/features/auth/email-field.tsx";
import { PasswordField } from "#client/features/auth/password-field.tsx";
import { SIGN_IN_MESSAGES, signInErrorMessage } from "#client/features/auth/sign-in-errors.ts";
import type { SignInMode } from "#client/features/auth/sign-in-mode.ts";
import { apiErrorDetails } from "#client/lib/api.ts";
import { useSchemaForm } from "#client/lib/schema-form.ts";
import {
  type CredentialsForm as Credentials,
  SignInFormSchema,
  SignUpFormSchema,
} from "#shared/schemas/sign-in.ts";
import { ForgotPasswordLink } from "./forgot-password-link";

type CredentialsFormProps = {
  mode: SignInMode;
  /** An error to show before anything is typed (a failed single sign-on). */
  initialError: string | null;
  /** Called once signed in; the page navigates away. */
  onSignedIn: () => void;
};

/** The frame's notice after a refused attempt, and which fields it is about. */
type Notice = { message: string; about: "both" | "password" | null };

const EMPTY: Credentials = { email: "", password: "" };

/**
 * Why the server refused, and the fields it is about: a wrong email or password marks both (never
 * saying which), a password the server will not take marks the password, the rest marks nothing.
 */
function refusal(failure: unknown): Notice {
  const details = apiErrorDetails(failure);
  const message = signInErrorMessage(details);
  if (message === SIGN_IN_MESSAGES.invalid) return { message, about: "both" };
  return { message, about: details.code?.startsWith("PASSWORD_") ? "password" : null };
}

/** Email and password, then "Sign in" or "Create account" (docs/product.md "Sign in"). */
export function CredentialsForm({ mode, initialError, onSignedIn }: CredentialsFormProps) {
  const { i18n } = useLingui();
  const signIn = useSignIn();
  const signUp = useSignUp();
  const mutation = mode === "sign-in" ? signIn : signUp;
  const noticeId = useId();
  const [notice, setNotice] = useState<Notice | null>(
    initialError ? { message: initialError, about: null } : null,
  );
  const pending = signIn.isPending || signUp.isPending || signIn.isSuccess || signUp.isSuccess;
  const { bind, submit } = useSchemaForm({
    schema: mode === "sign-in" ? SignInFormSchema : SignUpFormSchema,
    defaultValues: EMPTY,
    fields: ["email", "password"],
    // The message under the focused field tells it; a signed-out frame shows no toasts.
    tell: () => {},
  });

  const send = submit((credentials) => {
    mutation.mutate(credentials, {
      onSuccess: onSignedIn,
      onError: (failure) => setNotice(refusal(failure)),
    });
  });

  const onSubmit = () => {
    if (pending) return;
    setNotice(null);
    send();
  };

  const about = (field: "email" | "password") =>
    notice?.about === "both" || notice?.about === field ? noticeId : undefined;

  return (
    <Form onSubmit={onSubmit} className="space-y-4" busy={pending}>
      <EmailField
        autoComplete={mode === "sign-in" ? "username" : "email"}
        noticeId={about("email")}
        {...bind("email")}
      />
      <PasswordField
        name="password"
        autoComplete={mode === "sign-in" ? "current-password" : "new-password"}
        noticeId={about("password")}
        {...bind("password")}
      />
      {mode === "sign-in" ? <ForgotPasswordLink /> : null}
      {notice ? (
        <FrameNotice kind="error" id={noticeId}>
          {i18n._(notice.message)}
        </FrameNotice>
      ) : null}
      <Button type="submit" className="w-full" disabled={pending}>
        {mutation.isPending || mutation.isSuccess ? <Spinner /> : null}
        {mode === "sign-in" ? i18n._("Sign in") : i18n._("Create account")}
      </Button>
    </Form>
  );
}
