import { zodResolver } from "@hookform/resolvers/zod";
import { useRef } from "react";
import {
  type DefaultValues,
  type FieldPath,
  type FieldPathValue,
  type FieldValues,
  get,
  useForm,
} from "react-hook-form";
import { z } from "zod";
import { ApiError, apiErrorMessage, isUnauthorizedError } from "./api";
import { appI18n } from "./i18n";
import { toast } from "./toast";
import { handleUnauthorized } from "./unauthorized";
import { showValidationToast } from "./validation-toast";

/**
 * A shared schema read from what a form's inputs hold: `toInput` turns the typed text into the
 * schema's input (e.g. `typedAmount`), and each issue goes on the form's field for the path it
 * names (`fieldOf`: the payload's `recipientName` is the form's `name`; an issue about the whole
 * payload goes on the field a person fixes for it).
 */
export function formSchema<V, S extends z.ZodType>(
  schema: S,
  toInput: (values: V) => z.input<S>,
  fieldOf: (path: PropertyKey[]) => PropertyKey[] = (path) => path,
) {
  return z.custom<V>().transform((values, ctx): z.output<S> => {
    const parsed = schema.safeParse(toInput(values));
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      ctx.addIssue({
        code: "custom",
        message: issue.message,
        path: fieldOf(issue.path),
      });
    }
    return z.NEVER;
  });
}

/** The field a failed call is about: the answer's `field` (docs/product.md#errors), as the API names it. */
export function apiFieldName(error: unknown): string | null {
  return error instanceof ApiError ? error.field : null;
}

export type BoundField = {
  value: string;
  onValueChange: (value: string) => void;
  ref: (element: HTMLElement | null) => void;
  error: string | undefined;
};

type SchemaFormOptions<V extends FieldValues, Out> = {
  /** A zod schema over the form's values: a shared schema, or `formSchema(shared, toInput)`. */
  schema: z.ZodType<Out, V>;
  defaultValues: V;
  /** The form's fields in the screen's order (of the values, for a list that grows): the first bad one is focused and told. */
  fields: readonly FieldPath<V>[] | ((values: V) => readonly FieldPath<V>[]);
  /** Messages told before any other, whichever field carries them (the product's order of checks). */
  first?: readonly string[];
  /** How a validation message is told; the product's titled toast by default. */
  tell?: (message: string) => void;
  /** The form's field for each name the API uses where they differ ("recipientPhone" → "phone"). */
  apiFields?: Readonly<Record<string, FieldPath<V>>>;
  /**
   * How a failed call's sentence is told, with the field it marks (if any); the product's titled
   * toast by default. A dialog tells it inside, as Radix hides the page (and its toasts) behind.
   */
  tellFailure?: (title: string, message: string, field: string | null) => void;
};

/** The server's sentence (an English id) in the app's language; `title` comes translated by the form. */
const toastFailure = (title: string, message: string) => {
  const i18n = appI18n;
  toast({ title, description: i18n._(message), variant: "destructive" });
};

/**
 * One way for every form (react-hook-form over the shared zod schemas): each bad field is marked
 * (`aria-invalid`, its message under it), the first is focused, scrolled to and told in the
 * product's toast, and a mark goes once an edit makes the form valid there. A failed call sends
 * an ended session to sign-in, else tells the server's sentence and marks the field it names.
 * What was typed stays.
 */
export function useSchemaForm<V extends FieldValues, Out>({
  schema,
  defaultValues,
  fields,
  first = [],
  tell = showValidationToast,
  apiFields = {},
  tellFailure = toastFailure,
}: SchemaFormOptions<V, Out>) {
  const form = useForm<V, unknown, Out>({
    resolver: zodResolver(schema as never) as never,
    defaultValues: defaultValues as DefaultValues<V>,
    shouldFocusError: false,
  });
  const elements = useRef(new Map<string, HTMLElement>());
  const values = form.watch();
  const { errors, isSubmitted } = form.formState;

  const errorOf = (name: FieldPath<V>): string | undefined =>
    (get(errors, name) as { message?: string } | undefined)?.message || undefined;

  const refOf = (name: FieldPath<V>) => (element: HTMLElement | null) => {
    if (element) elements.current.set(name, element);
    else elements.current.delete(name);
  };

  const fieldList = () => (typeof fields === "function" ? fields(form.getValues()) : fields);

  const focus = (name: string) => {
    const element = elements.current.get(name);
    if (!element) return;
    element.focus({ preventScroll: true });
    element.scrollIntoView?.({ block: "center" });
  };

  /**
   * Once a submit was tried, the marks follow each edit at once: a field the schema now passes
   * loses its mark, a bad one gets its current message. The server's mark stays until its own
   * field is edited.
   */
  const remark = (edited: string) => {
    const parsed = schema.safeParse(form.getValues());
    const messages = new Map<string, string>();
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const path = issue.path.map(String).join(".");
      if (!messages.has(path)) messages.set(path, issue.message);
    }
    for (const name of fieldList()) {
      const current = get(form.formState.errors, name) as { type?: string; message?: string } | undefined;
      if (current?.type === "server" && name !== edited) continue;
      const message = messages.get(name);
      if (!message) {
        if (current) form.clearErrors(name);
      } else if (current?.message !== message) {
        form.setError(name, { type: "validate", message });
      }
    }
  };

  /** A new value; once a submit was tried, the marks follow the form's new state. */
  const set = <K extends FieldPath<V>>(name: K, value: FieldPathValue<V, K>) => {
    form.setValue(name, value, { shouldDirty: true });
    if (isSubmitted) remark(name);
  };

  const bind = (name: FieldPath<V>): BoundField => ({
    value: get(values, name) as string,
    onValueChange: (value) => set(name, value as FieldPathValue<V, typeof name>),
    ref: refOf(name),
    error: errorOf(name),
  });

  const onInvalid = (found: typeof errors) => {
    const bad = fieldList().flatMap((name) => {
      const message = (get(found, name) as { message?: string } | undefined)?.message;
      return message ? [{ name, message }] : [];
    });
    const shown = first.map((message) => bad.find((b) => b.message === message)).find(Boolean) ?? bad[0];
    if (!shown) return;
    focus(shown.name);
    tell(shown.message);
  };

  /** For `<Form onSubmit>`: checks, marks and tells, or calls `onValid` with the schema's output. */
  const submit = (onValid: (data: Out) => void) => () => void form.handleSubmit(onValid, onInvalid)();

  /**
   * A failed call: 401 → sign in again; else `title` with the server's sentence, and the field
   * it is about (`fieldOf`, or the answer's `field`) marked and focused.
   */
  const fail = (title: string, error: unknown, fieldOf?: (error: unknown) => FieldPath<V> | null) => {
    if (isUnauthorizedError(error)) {
      handleUnauthorized();
      return;
    }
    const message = apiErrorMessage(error);
    const named = apiFieldName(error);
    const name =
      fieldOf?.(error) ?? (named ? (apiFields[named] ?? fieldList().find((field) => field === named)) : null);
    tellFailure(title, message, name ?? null);
    if (!name) return;
    form.setError(name as FieldPath<V>, { type: "server", message });
    focus(name);
  };

  return { form, values, bind, set, errorOf, refOf, submit, fail };
}
