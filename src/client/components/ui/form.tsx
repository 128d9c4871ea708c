import type { ComponentProps } from "react";

type FormProps = Omit<ComponentProps<"form">, "onSubmit" | "noValidate" | "aria-busy"> & {
  /** Called on submit (Enter or the submit button); the page does not reload. */
  onSubmit: () => void;
  /** While the submission is on its way, for assistive technology. */
  busy?: boolean;
};

/**
 * A form whose fields are checked by the shared schema (client/lib/schema-form.ts: the product's
 * own messages in a toast and under each marked field), rather than by the browser's bubbles.
 */
export function Form({ onSubmit, busy, ...props }: FormProps) {
  return (
    <form
      {...props}
      noValidate
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    />
  );
}
