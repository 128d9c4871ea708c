/**
 * A function whose calls wait until the test says: `answer()` resolves every waiting call with
 * `value()`, `fail()` rejects them ("database unavailable"); `calls()` counts how often it ran.
 * For checking that concurrent callers share one call (session checks, pay-view reads).
 */
export function heldCalls<T>(value: () => T) {
  const waiting: { resolve: (v: T) => void; reject: (e: Error) => void }[] = [];
  let calls = 0;
  return {
    call: () => {
      calls++;
      return new Promise<T>((resolve, reject) => waiting.push({ resolve, reject }));
    },
    calls: () => calls,
    answer: () => {
      for (const w of waiting.splice(0)) w.resolve(value());
    },
    fail: () => {
      for (const w of waiting.splice(0)) w.reject(new Error("database unavailable"));
    },
  };
}
