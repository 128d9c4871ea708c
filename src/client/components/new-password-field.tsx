import { useLingui } from "@lingui/react";
import { Field, type FieldProps } from "#client/components/ui/field.tsx";
import { NEW_PASSWORD_HINT } from "#shared/schemas/account.ts";

type NewPasswordFieldProps = Omit<FieldProps, "label" | "type" | "name" | "autoComplete" | "hint">;

/**
 * "New password" wherever one is chosen (reset, change): the browser's password manager offers a
 * strong one (`autocomplete="new-password"`) and the hint states the shared schema's minimum.
 */
export function NewPasswordField(props: NewPasswordFieldProps) {
  const { i18n } = useLingui();
  return (
    <Field
      label={i18n._("New password")}
      type="password"
      name="new-password"
      autoComplete="new-password"
      hint={i18n._(NEW_PASSWORD_HINT)}
      {...props}
    />
  );
}
