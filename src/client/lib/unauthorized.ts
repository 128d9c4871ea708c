import { apiErrorMessage, isUnauthorizedError } from "#client/lib/api.ts";
import { appI18n } from "#client/lib/i18n.tsx";
import { leavePage } from "#client/lib/leave-page.ts";
import { toast } from "#client/lib/toast.tsx";

/** After an 'Unauthorized' toast, go to sign-in after 500 ms. */
export const UNAUTHORIZED_REDIRECT_MS = 500;

export function loginUrl(returnTo?: string): string {
  return returnTo ? `/api/login?returnTo=${encodeURIComponent(returnTo)}` : "/api/login";
}

/**
 * The 'Unauthorized' toast, then sign-in after 500 ms with the way back to `returnTo`.
 * Returns a function that calls the redirect off (a screen that unmounts first).
 */
export function redirectToLogin(returnTo: string, navigate: (url: string) => void = leavePage): () => void {
  const i18n = appI18n;
  toast({
    title: i18n._("Unauthorized"),
    description: i18n._("You are logged out. Logging in again..."),
    variant: "destructive",
  });
  const timer = setTimeout(() => navigate(loginUrl(returnTo)), UNAUTHORIZED_REDIRECT_MS);
  return () => clearTimeout(timer);
}

/** The session ended during an action: sign in again and come back here. */
export function handleUnauthorized(): void {
  redirectToLogin(`${window.location.pathname}${window.location.search}`);
}

/**
 * A failed mutation's toast: a 401 sends the user to sign in again; anything else
 * shows `title` (given in the app's language) with the server's message (translated here).
 */
export function showMutationError(title: string, error: unknown): void {
  if (isUnauthorizedError(error)) {
    handleUnauthorized();
    return;
  }
  const i18n = appI18n;
  toast({ title, description: i18n._(apiErrorMessage(error)), variant: "destructive" });
}

/**
 * A failed action whose message the screen fixes ('Error: Failed to … Please try again.'):
 * a 401 sends the user to sign in again; anything else shows `text`.
 */
export function showActionError(error: unknown, text: { title: string; description: string }): void {
  if (isUnauthorizedError(error)) {
    handleUnauthorized();
    return;
  }
  toast({ ...text, variant: "destructive" });
}
