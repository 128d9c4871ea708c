import { useLingui } from "@lingui/react";
import { type ReactNode, useId, useState } from "react";
import { FieldError } from "#client/components/ui/field.tsx";
import { Input, type InputProps } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";

type PasswordFieldProps = Omit<InputProps, "id" | "type" | "onChange"> & {
  /** Beside the label, e.g. a "Forgot password?" link on the sign-in view. */
  labelAside?: ReactNode;
  onValueChange: (value: string) => void;
  /** What is wrong with it: shown under the field, which is marked invalid and described by it. */
  error?: string;
  /** The form's notice about this field (a refused sign-in): marks it and describes it. */
  noticeId?: string;
};

/** "Password" with a Show/Hide toggle, so a phone user can check what they typed. */
export function PasswordField({ labelAside, onValueChange, error, noticeId, ...props }: PasswordFieldProps) {
  const { i18n } = useLingui();
  const id = useId();
  const errorId = `${id}-error`;
  const [visible, setVisible] = useState(false);
  const describedBy = [error ? errorId : null, noticeId].filter(Boolean).join(" ");
  return (
    <div>
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id}>{i18n._("Password")}</Label>
        {labelAside}
      </div>
      <div className="relative mt-1.5">
        <Input
          id={id}
          type={visible ? "text" : "password"}
          className="pe-20"
          aria-invalid={error || noticeId ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={(event) => onValueChange(event.target.value)}
          {...props}
        />
        <button
          type="button"
          aria-controls={id}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
          className="absolute inset-y-0 end-0 min-w-16 rounded-xl px-3 text-sm font-medium text-emerald-700 hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:text-emerald-300 dark:hover:bg-emerald-950"
        >
          {visible ? i18n._("Hide") : i18n._("Show")}
        </button>
      </div>
      {error ? <FieldError id={errorId}>{i18n._(error)}</FieldError> : null}
    </div>
  );
}
