import { useState } from "react";
import { EMAIL_PATTERN } from "../../../shared/limits";
import { Button } from "../../components/ui/button";
import { Form } from "../../components/ui/form";
import { Spinner } from "../../components/ui/spinner";
import { apiErrorDetails } from "../../lib/api";
import { paths } from "../../paths";
import { AuthFrame, FrameLink, FrameNotice } from "./auth-frame";
import { EmailField } from "./email-field";
import { useRequestPasswordReset } from "./recovery-api";
import { SIGN_IN_MESSAGES } from "./sign-in-errors";

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
