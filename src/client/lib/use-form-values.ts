import { useState } from "react";

type TextKey<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T];

/**
 * A form's values as one object. `bind(key)` gives a Field its value and onValueChange, so each
 * field states only its label and attributes; `setValues` resets the whole form (e.g. after a save).
 */
export function useFormValues<T extends Record<string, unknown>>(initial: T | (() => T)) {
  const [values, setValues] = useState<T>(initial);
  const set = <K extends keyof T>(key: K, value: T[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const bind = (key: TextKey<T>) => ({
    value: values[key] as string,
    onValueChange: (value: string) => set(key, value as T[typeof key]),
  });
  return { values, setValues, set, bind };
}
