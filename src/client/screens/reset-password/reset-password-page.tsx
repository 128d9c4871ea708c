import { useLingui } from "@lingui/react";
import { useId, useState } from "react";
import { Link, useSearch } from "wouter";
import { NewPasswordField } from "#client/components/new-password-field.tsx";
import { Button, buttonClass } from "#client/components/ui/button.tsx";
import { Form } from "#client/components/ui/form.tsx";
import { LoadingBlock, Spinner } from "#client/components/ui/spinner.tsx";
import { AuthFrame, FrameLink, FrameNotice } from "#client/features/auth/auth-frame.tsx";
import { useResetPassword, useResetTokenCheck } from "#client/features/auth/recovery-api.ts";
import { apiErrorDetails } from "#client/lib/api.ts";
import { leaveWithNotice } from "#client/lib/arrival-notice.ts";
import { cn } from "#client/lib/cn.ts";
import { paths } from "#client/lib/paths.ts";
import { useSchemaForm } from "#client/lib/schema-form.ts";
import { RESET_LINK_USED, ResetPasswordFormSchema } from "#shared/schemas/account.ts";

/** /reset-password?token=…: the emailed link lands here; a new password signs this browser in. */
export default function ResetPasswordPage() {
  const { i18n } = useLingui();
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const check = useResetTokenCheck(token);
  if (!token || check.data === false) return <LinkUsed />;
  if (check.isPending) {
    return (
      <AuthFrame title={i18n._("Choose a new password")}>
        <LoadingBlock className="py-4" label={i18n._("Checking your link…")} />
      </AuthFrame>
    );
  }
  return <NewPasswordForm token={token} />;
}

/** A used or expired link says so on arrival, with the way to a new one; nothing to type. */
function LinkUsed() {
  const { i18n } = useLingui();
  return (
    <AuthFrame title={i18n._("This link no longer works")}>
      <FrameNotice kind="error">{i18n._(RESET_LINK_USED)}</FrameNotice>
      <Link href={paths.forgotPassword} className={cn(buttonClass("primary"), "w-full")}>
        {i18n._("Send a new link")}
      </Link>
    </AuthFrame>
  );
}

/** The frame's notice after a refused reset (in English, or the server's: shown through `i18n._`), and whether it is about the password typed. */
type Notice = { message: string; aboutPassword: boolean };

function refusal(failure: unknown): Notice {
  const { code, message } = apiErrorDetails(failure);
  if (code === "INVALID_TOKEN") return { message: RESET_LINK_USED, aboutPassword: false };
  return { message, aboutPassword: Boolean(code?.startsWith("PASSWORD_")) };
}

function NewPasswordForm({ token }: { token: string }) {
  const { i18n } = useLingui();
  const reset = useResetPassword();
  const noticeId = useId();
  const [notice, setNotice] = useState<Notice | null>(null);
  const { bind, submit } = useSchemaForm({
    schema: ResetPasswordFormSchema,
    defaultValues: { newPassword: "" },
    fields: ["newPassword"],
    // The message under the focused field tells it; a signed-out frame shows no toasts.
    tell: () => {},
  });

  const send = submit(({ newPassword }) => {
    reset.mutate(
      { token, newPassword },
      {
        // Signed in now, and signed out everywhere else: Home says so.
        onSuccess: () => leaveWithNotice("passwordReset", paths.home),
        onError: (failure) => setNotice(refusal(failure)),
      },
    );
  });

  const onSubmit = () => {
    if (reset.isPending || reset.isSuccess) return;
    setNotice(null);
    send();
  };

  return (
    <AuthFrame
      title={i18n._("Choose a new password")}
      lead={i18n._("You'll be signed in, and signed out on every other device.")}
    >
      <Form onSubmit={onSubmit} className="space-y-4" busy={reset.isPending}>
        <NewPasswordField
          aria-invalid={notice?.aboutPassword ? true : undefined}
          aria-describedby={notice?.aboutPassword ? noticeId : undefined}
          {...bind("newPassword")}
        />
        {notice ? (
          <FrameNotice kind="error" id={noticeId}>
            {i18n._(notice.message)}
          </FrameNotice>
        ) : null}
        <Button type="submit" className="w-full" disabled={reset.isPending || reset.isSuccess}>
          {reset.isPending || reset.isSuccess ? <Spinner /> : null}
          {i18n._("Save and sign in")}
        </Button>
      </Form>
      <FrameLink href={paths.forgotPassword}>{i18n._("Send a new link")}</FrameLink>
    </AuthFrame>
  );
}
