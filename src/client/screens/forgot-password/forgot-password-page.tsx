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
import { EMAIL_PATTERN } from "#shared/limits.ts";

/** /forgot-password: asks for the email and sends a link, saying the same for any address. */
export default function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = () => {
    const address = email.trim();
    if (!EMAIL_PATTERN.test(address)) {
      setError(SIGN_IN_MESSAGES.badEmail);
      return;
    }
    setError(null);
    request.mutate(address, {
      onSuccess: () => setSentTo(address),
      onError: (failure) => {
        const { status, code, message } = apiErrorDetails(failure);
        if (code === "RESET_PASSWORD_DISABLED") {
          setError(
            "Password reset by email is not set up on this server. Please ask the person who runs it.",
          );
        } else setError(status === 429 ? SIGN_IN_MESSAGES.rateLimited : message);
      },
    });
  };

  return (
    <AuthFrame title="Forgot your password?" lead="We'll email you a link to choose a new one.">
      {sentTo ? (
        <FrameNotice kind="done">
          If {sentTo} has a Collect account, a link is on its way. It works once, for 1 hour.
        </FrameNotice>
      ) : (
        <Form onSubmit={onSubmit} className="space-y-4" busy={request.isPending}>
          <EmailField value={email} onChange={(e) => setEmail(e.target.value)} invalid={Boolean(error)} />
          {error ? <FrameNotice kind="error">{error}</FrameNotice> : null}
          <Button type="submit" className="w-full" disabled={request.isPending}>
            {request.isPending ? <Spinner /> : null}
            Send me a link
          </Button>
        </Form>
      )}
      <FrameLink href={paths.signIn}>Back to sign in</FrameLink>
    </AuthFrame>
  );
}
