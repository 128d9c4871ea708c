import type { z } from "zod";

export type KeyValueStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** sessionStorage, or null where it is unavailable (blocked storage, private modes). */
export function sessionStore(): KeyValueStore | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * One JSON value kept under `key` in this tab (sessionStorage unless a store is given), read
 * back through `schema`: storage is anyone's to write. Storage full, blocked or holding
 * something else reads as nothing and writes nothing, never an error.
 */
export function sessionItem<S extends z.ZodType>(key: string, schema: S) {
  return {
    read(store = sessionStore()): z.output<S> | null {
      try {
        const raw = store?.getItem(key);
        if (!raw) return null;
        const parsed = schema.safeParse(JSON.parse(raw));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
    write(value: z.input<S>, store = sessionStore()): void {
      try {
        store?.setItem(key, JSON.stringify(value));
      } catch {
        // Storage full or blocked: nothing is kept.
      }
    },
    clear(store = sessionStore()): void {
      try {
        store?.removeItem(key);
      } catch {
        // Nothing to clear.
      }
    },
  };
}
