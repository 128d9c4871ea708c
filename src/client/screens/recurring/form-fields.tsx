import { useLingui } from "@lingui/react";
import { type ReactNode, useId } from "react";
import { Input, type InputProps } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import type { BoundField } from "#client/lib/schema-form.ts";

type FieldProps = Omit<InputProps, "id" | "value" | "onChange" | "ref"> &
  BoundField & {
    label: string;
    aside?: ReactNode;
    hint?: string;
  };

/**
 * A labelled input whose error is read out with it (aria-invalid, aria-describedby), bound to its
 * form by useSchemaForm's `bind` (client/lib/schema-form.ts).
 */
export function FormField({
  label,
  aside,
  hint,
  error,
  value,
  onValueChange,
  ref,
  className,
  ...props
}: FieldProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className={className}>
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {aside}
      </div>
      <Input
        id={id}
        className="mt-1.5"
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        ref={ref}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        {...props}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

export function FieldError({ id, error }: { id: string; error?: string }) {
  const { i18n } = useLingui();
  if (!error) return null;
  return (
    <p id={id} className="mt-1.5 text-sm text-red-700 dark:text-red-300">
      {/* The shared schema's or the server's sentence: an English id. */}
      {i18n._(error)}
    </p>
  );
}
