import type { ChangeEvent } from "react";
import { Field } from "#client/components/ui/field.tsx";

type EmailFieldProps = {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  /** "username" where a password manager should offer a saved sign-in. */
  autoComplete?: "email" | "username";
  invalid: boolean;
};

/** The Email input of the sign-in, sign-up and forgot-password forms: an email keyboard, no autocorrect. */
export function EmailField({ value, onChange, autoComplete = "email", invalid }: EmailFieldProps) {
  return (
    <Field
      label="Email"
      type="email"
      name="email"
      autoComplete={autoComplete}
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      value={value}
      onChange={onChange}
      aria-invalid={invalid ? true : undefined}
    />
  );
}
