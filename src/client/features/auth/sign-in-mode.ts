import { paths } from "#client/lib/paths.ts";
import { safeReturnTo } from "#shared/return-to.ts";

export type SignInMode = "sign-in" | "sign-up";

const RETURNING_KEY = "collect:signed-in-before";

/** Whether this browser has signed in or created an account before (it then opens "Welcome back"). */
export function isReturningBrowser(): boolean {
  try {
    return window.localStorage.getItem(RETURNING_KEY) === "1";
  } catch {
    return false;
  }
}

export function rememberReturningBrowser(): void {
  try {
    window.localStorage.setItem(RETURNING_KEY, "1");
  } catch {
    // Private mode without storage: the next visit opens "Create your account" again.
  }
}

/**
 * Which view the sign-in page opens: `?mode=` when a link chose one; "Welcome back" for a browser
 * that has signed in before or a visit that came from a signed-in page (`returnTo`); otherwise
 * "Create your account", which is where Get Started leads a newcomer.
 */
export function signInMode(search: string, returning: boolean): SignInMode {
  const params = new URLSearchParams(search);
  const mode = params.get("mode");
  if (mode === "sign-in" || mode === "sign-up") return mode;
  if (returning) return "sign-in";
  return safeReturnTo(params.get("returnTo")) === paths.home ? "sign-up" : "sign-in";
}

/** The sign-in page's address for the other view, keeping returnTo. */
export function modeHref(search: string, mode: SignInMode): string {
  const params = new URLSearchParams(search);
  params.delete("error");
  params.set("mode", mode);
  return `${paths.signIn}?${params.toString()}`;
}
