import { useSyncExternalStore } from "react";

/**
 * Whether Collect can be reached: the browser says it is offline (`navigator.onLine`, the
 * `offline` event), or the last API call got no answer at all (a network error: the Wi-Fi is up
 * but the internet or the server is not). Any answer, even an error status, clears the latter.
 */
let noAnswer = false;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

/** An API call failed before any answer came back. */
export function reportNoAnswer(): void {
  if (noAnswer) return;
  noAnswer = true;
  changed();
}

/** An API call got an answer (whatever its status). */
export function reportAnswer(): void {
  if (!noAnswer) return;
  noAnswer = false;
  changed();
}

export function isOffline(): boolean {
  return noAnswer || (typeof navigator !== "undefined" && navigator.onLine === false);
}

/**
 * Calls `onBack` each time the browser says the network is back. The last call's "no answer"
 * is forgotten then: whatever `onBack` fetches decides it again.
 */
export function whenBackOnline(onBack: () => void): () => void {
  const back = () => {
    noAnswer = false;
    onBack();
    changed();
  };
  window.addEventListener("online", back);
  return () => window.removeEventListener("online", back);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

/** True while Collect cannot be reached; re-renders when that changes. */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribe, isOffline, () => false);
}
