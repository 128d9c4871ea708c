import { type AppPath, isAppPath, paths } from "#client/lib/paths.ts";

/** What the router knows about the visitor (docs/product.md "Sign in"). */
export type AuthState =
  | { kind: "loading" }
  /** The session check failed; `offline` when no answer came back at all (lib/connection.ts). */
  | { kind: "error"; offline: boolean }
  | { kind: "signed-out" }
  | { kind: "signed-in"; hasProfile: boolean };

/** What to show for a path in a given auth state (docs/product.md, each screen's section). */
export type RouteDecision =
  | { show: "landing" }
  | { show: "splash" }
  | { show: "home" }
  | { show: "setup" }
  | { show: "page"; path: AppPath }
  | { show: "not-found" }
  | { show: "wait" }
  | { show: "retry" }
  | { show: "login" }
  | { show: "redirect"; to: string };

/** Paths other than /pay/* and /sign-in, which are routed before auth matters. */
export function decideRoute(path: string, auth: AuthState): RouteDecision {
  const isHome = path === paths.home;
  const isSetup = path === paths.setup;
  const appPath = isAppPath(path) ? path : null;
  if (!isHome && !isSetup && !appPath) return { show: "not-found" };
  // Over the spec's "while loading, / is the landing page": a signed-in person
  // on a slow network must not be shown the signed-out marketing page for seconds; the logo waits.
  if (auth.kind === "loading") return isHome ? { show: "splash" } : { show: "wait" };
  // Offline (docs/decisions/025-offline.md) even / says the account could not be loaded and offers to try
  // again, rather than showing the marketing page to someone who is signed in.
  if (auth.kind === "error") return isHome && !auth.offline ? { show: "landing" } : { show: "retry" };
  if (auth.kind === "signed-out") return isHome ? { show: "landing" } : { show: "login" };
  if (!auth.hasProfile) {
    if (isHome || isSetup) return { show: "setup" };
    return { show: "redirect", to: paths.setup };
  }
  if (isSetup) return { show: "redirect", to: paths.home };
  return appPath ? { show: "page", path: appPath } : { show: "home" };
}
