type KeyValueStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export type { KeyValueStore };

/** sessionStorage, or null where it is unavailable (blocked storage, private modes). */
export function sessionStore(): KeyValueStore | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
