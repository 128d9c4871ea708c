import { type ReactNode, useId } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Input, type InputProps } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";

type FieldProps = Omit<InputProps, "id" | "name" | "onChange" | "onBlur" | "ref"> & {
  label: string;
  aside?: ReactNode;
  hint?: string;
  error?: string;
  registration: UseFormRegisterReturn;
};

/** A labelled input whose error is read out with it (aria-invalid, aria-describedby). */
export function FormField({ label, aside, hint, error, registration, className, ...props }: FieldProps) {
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
        {...registration}
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
  if (!error) return null;
  return (
    <p id={id} className="mt-1.5 text-sm text-red-700 dark:text-red-300">
      {error}
    </p>
  );
}
