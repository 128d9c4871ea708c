import { useLingui } from "@lingui/react";
import { Field } from "#client/components/ui/field.tsx";
import type { BoundField } from "#client/lib/schema-form.ts";

type EmailFieldProps = BoundField & {
  /** "username" where a password manager should offer a saved sign-in. */
  autoComplete?: "email" | "username";
  /** The form's notice about this field (a refused sign-in): marks it and describes it. */
  noticeId?: string;
};

/** The Email input of the sign-in, sign-up and forgot-password forms: an email keyboard, no autocorrect. */
export function EmailField({ autoComplete = "email", noticeId, ...bound }: EmailFieldProps) {
  const { i18n } = useLingui();
  return (
    <Field
      label={i18n._("Email")}
      type="email"
      name="email"
      autoComplete={autoComplete}
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      aria-invalid={noticeId ? true : undefined}
      aria-describedby={noticeId}
      {...bound}
    />
  );
}
