import { useLingui } from "@lingui/react";
import { type ReactNode, useId } from "react";
import { cn } from "#client/lib/cn.ts";
import { Input, type InputProps } from "./input";
import { Label } from "./label";

export type FieldProps = Omit<InputProps, "id"> & {
  label: string;
  hint?: string;
  /** Beside the label, e.g. "(optional)". */
  labelAside?: ReactNode;
  /** Drawn inside the box before the text (an icon or "$"), absolutely placed by the caller. */
  leading?: ReactNode;
  /** Classes for the input itself; `className` styles the field's wrapper. */
  inputClassName?: string;
  /** The new text on each edit, for callers that keep only the value. */
  onValueChange?: (value: string) => void;
  /**
   * What is wrong with the value (an English id: a shared schema's message or the server's,
   * shown in the app's language): under the field, which is marked invalid and described by it.
   */
  error?: string;
  /** Say the error as it appears (role=alert): in a dialog, where no toast is heard. */
  announceError?: boolean;
};

/** A labelled input with optional hint and error texts wired through aria-describedby. */
export function Field({
  label,
  hint,
  labelAside,
  leading,
  inputClassName,
  onValueChange,
  onChange,
  className,
  error,
  announceError,
  "aria-describedby": describedByOther,
  "aria-invalid": invalidOther,
  ...props
}: FieldProps) {
  const id = useId();
  const { i18n } = useLingui();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  // A caller's own description (a form's notice about this field) comes after the field's.
  const describedBy = [error ? errorId : null, hint ? hintId : null, describedByOther]
    .filter(Boolean)
    .join(" ");
  const labelElement = <Label htmlFor={id}>{label}</Label>;
  const input = (
    <Input
      id={id}
      className={cn(!leading && "mt-1.5", inputClassName)}
      aria-describedby={describedBy || undefined}
      aria-invalid={error ? true : invalidOther}
      onChange={
        onValueChange
          ? (event) => {
              onChange?.(event);
              onValueChange(event.target.value);
            }
          : onChange
      }
      {...props}
    />
  );
  return (
    <div className={className}>
      {labelAside ? (
        <div className="flex items-baseline justify-between gap-2">
          {labelElement}
          {labelAside}
        </div>
      ) : (
        labelElement
      )}
      {leading ? (
        <div className="relative mt-1.5">
          {leading}
          {input}
        </div>
      ) : (
        input
      )}
      {error ? (
        <FieldError id={errorId} announce={announceError}>
          {i18n._(error)}
        </FieldError>
      ) : null}
      {hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A field's message, under it in red (its input points at it with aria-describedby). */
export function FieldError({
  id,
  announce,
  children,
}: {
  id: string;
  announce?: boolean;
  children: ReactNode;
}) {
  return (
    <p
      id={id}
      role={announce ? "alert" : undefined}
      className="mt-1.5 text-sm font-medium text-red-700 dark:text-red-400"
    >
      {children}
    </p>
  );
}
