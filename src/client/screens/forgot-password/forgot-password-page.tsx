import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Form } from "#client/components/ui/form.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { AuthFrame, FrameLink, FrameNotice } from "#client/features/auth/auth-frame.tsx";
import { EmailField } from "#client/features/auth/email-field.tsx";
import { useRequestPasswordReset } from "#client/features/auth/recovery-api.ts";
import { SIGN_IN_MESSAGES } from "#client/features/auth/sign-in-errors.ts";
import { apiErrorDetails } from "#client/lib/api.ts";
import { paths } from "#client/lib/paths.ts";
import { useSchemaForm } from "#client/lib/schema-form.ts";
import { ForgotPasswordFormSchema } from "#shared/schemas/sign-in.ts";

/** The frame's sentence for a request the server refused, in `i18n`'s language. */
function refusal(failure: unknown, i18n: I18n): string {
  const { status, code, message } = apiErrorDetails(failure);
  if (code === "RESET_PASSWORD_DISABLED") {
    return i18n._("Password reset by email is not set up on this server. Please ask the person who runs it.");
  }
  return i18n._(status === 429 ? SIGN_IN_MESSAGES.rateLimited : message);
}

/** /forgot-password: asks for the email and sends a link, saying the same for any address. */
export default function ForgotPasswordPage() {
  const { i18n } = useLingui();
  const request = useRequestPasswordReset();
  const [notice, setNotice] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { bind, submit } = useSchemaForm({
    schema: ForgotPasswordFormSchema,
    defaultValues: { email: "" },
    fields: ["email"],
    // The message under the focused field tells it; a signed-out frame shows no toasts.
    tell: () => {},
  });

  const send = submit(({ email }) => {
    request.mutate(email, {
      onSuccess: () => setSentTo(email),
      onError: (failure) => setNotice(refusal(failure, i18n)),
    });
  });

  const onSubmit = () => {
    if (request.isPending) return;
    setNotice(null);
    send();
  };

  return (
    <AuthFrame
      title={i18n._("Forgot your password?")}
      lead={i18n._("We'll email you a link to choose a new one.")}
    >
      {sentTo ? (
        <FrameNotice kind="done">
          {i18n._("If {email} has a Collect account, a link is on its way. It works once, for 1 hour.", {
            email: sentTo,
          })}
        </FrameNotice>
      ) : (
        <Form onSubmit={onSubmit} className="space-y-4" busy={request.isPending}>
          <EmailField {...bind("email")} />
          {notice ? <FrameNotice kind="error">{notice}</FrameNotice> : null}
          <Button type="submit" className="w-full" disabled={request.isPending}>
            {request.isPending ? <Spinner /> : null}
            {i18n._("Send me a link")}
          </Button>
        </Form>
      )}
      <FrameLink href={paths.signIn}>{i18n._("Back to sign in")}</FrameLink>
    </AuthFrame>
  );
}
