import { useId } from "react";
import { Input, type InputProps } from "./input";
import { Label } from "./label";

type FieldProps = Omit<InputProps, "id"> & {
  label: string;
  hint?: string;
};

/** A labelled input with optional hint text wired through aria-describedby. */
export function Field({ label, hint, className, ...props }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} className="mt-1.5" aria-describedby={hint ? hintId : undefined} {...props} />
      {hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
