import { type ReactNode, useId, useState } from "react";
import { Input, type InputProps } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";

type PasswordFieldProps = Omit<InputProps, "id" | "type"> & {
  /** Beside the label, e.g. a "Forgot password?" link on the sign-in view. */
  labelAside?: ReactNode;
};

/** "Password" with a Show/Hide toggle, so a phone user can check what they typed. */
export function PasswordField({ labelAside, ...props }: PasswordFieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div>
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id}>Password</Label>
        {labelAside}
      </div>
      <div className="relative mt-1.5">
        <Input id={id} type={visible ? "text" : "password"} className="pr-20" {...props} />
        <button
          type="button"
          aria-controls={id}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
          className="absolute inset-y-1 right-1 min-w-16 rounded-lg px-3 text-sm font-medium text-emerald-700 hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:text-emerald-300 dark:hover:bg-emerald-950"
        >
          {visible ? "Hide" : "Show"}
        </button>
      </div>
    </div>
  );
}
