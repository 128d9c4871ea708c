import { apiErrorMessage, isUnauthorizedError } from "./api";
import { toast } from "./toast";

/** Spec §4 and §9: after an 'Unauthorized' toast, go to sign-in after 500 ms. */
export const UNAUTHORIZED_REDIRECT_MS = 500;

export function loginUrl(returnTo?: string): string {
  return returnTo ? `/api/login?returnTo=${encodeURIComponent(returnTo)}` : "/api/login";
}

/** Spec §8: tells the user the session ended, then signs in again and comes back here. */
export function handleUnauthorized(): void {
  toast({
    title: "Unauthorized",
    description: "You are logged out. Logging in again...",
    variant: "destructive",
  });
  const here = `${window.location.pathname}${window.location.search}`;
  setTimeout(() => window.location.assign(loginUrl(here)), UNAUTHORIZED_REDIRECT_MS);
}

/**
 * A failed mutation's toast (spec §8): a 401 sends the user to sign in again; anything else
 * shows `title` with the server's message.
 */
export function showMutationError(title: string, error: unknown): void {
  if (isUnauthorizedError(error)) {
    handleUnauthorized();
    return;
  }
  toast({ title, description: apiErrorMessage(error), variant: "destructive" });
}

/**
 * A failed action whose message the spec fixes (spec §8 'Error: Failed to … Please try again.'):
 * a 401 sends the user to sign in again; anything else shows `text`.
 */
export function showActionError(error: unknown, text: { title: string; description: string }): void {
  if (isUnauthorizedError(error)) {
    handleUnauthorized();
    return;
  }
  toast({ ...text, variant: "destructive" });
}
