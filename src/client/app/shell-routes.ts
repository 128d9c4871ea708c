import { paths } from "#client/lib/paths.ts";

/**
 * Which navigations the service worker answers with the precached app shell (index.html) when
 * the network cannot: this app's own routes, exactly, with or without a query string, tested
 * against the path plus search (src/client/sw.js).
 */
const APP_ROUTES: string[] = Object.values(paths).filter((path) => typeof path === "string");
const literally = (path: string) => path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const SHELL_ALLOWLIST = [new RegExp(`^(?:${APP_ROUTES.map(literally).join("|")})(?:\\?.*)?$`)];

/**
 * Never the shell, whatever the allowlist says: pages and answers the server makes. The pay page
 * is public and must always be fresh (a cached one could show a paid request as pending), /api
 * answers hold personal data, and the rest are the server's own files and probes.
 */
const SHELL_DENYLIST = [
  /^\/pay(?:[/?]|$)/,
  /^\/api(?:[/?]|$)/,
  /^\/objects(?:[/?]|$)/,
  /^\/(?:healthz|readyz|metrics|robots\.txt|favicon\.ico)(?:\?|$)/,
];

/** Whether the service worker may answer a navigation to `pathAndSearch` with the shell. */
export function servesShell(pathAndSearch: string): boolean {
  return (
    !SHELL_DENYLIST.some((pattern) => pattern.test(pathAndSearch)) &&
    SHELL_ALLOWLIST.some((pattern) => pattern.test(pathAndSearch))
  );
}
