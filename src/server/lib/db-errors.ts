/** PostgreSQL's unique_violation, as raised by pg and by PGlite (possibly wrapped by Drizzle). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === "23505") return true;
    if (e === (e as { cause?: unknown }).cause) break;
  }
  return false;
}

/**
 * The parameters of every failed query inside an error (Drizzle's DrizzleQueryError and
 * PGlite's errors carry them as `params`; wrappers such as better-auth's APIError hold those as
 * their cause): session tokens, emails, hashes. The log must never see them.
 */
export function queryParamsIn(error: unknown): unknown[][] {
  const found: unknown[][] = [];
  const seen = new Set<unknown>();
  const walk = (value: unknown, depth: number) => {
    if (value === null || typeof value !== "object" || seen.has(value) || depth > 8) return;
    seen.add(value);
    const params = (value as { params?: unknown }).params;
    if (Array.isArray(params)) found.push(params);
    for (const key of ["cause", "body", "errors", ...Object.keys(value)]) {
      walk((value as Record<string, unknown>)[key], depth + 1);
    }
  };
  walk(error, 0);
  return found;
}
