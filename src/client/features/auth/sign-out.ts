import { clearDrafts } from "#client/features/payment-requests/request-draft.ts";
import { apiRequest } from "#client/lib/api.ts";
import { leaveWithNotice } from "#client/lib/arrival-notice.ts";

/**
 * The app's own Logout: a same-origin POST (a link from another site cannot do this), then a
 * full load of the landing page, which says so, so no signed-in data stays in memory.
 */
export async function signOut(): Promise<void> {
  await apiRequest("POST", "/api/logout").catch(() => undefined);
  // A half-typed request or split is this person's, not the next one's on this tab.
  clearDrafts();
  leaveWithNotice("signedOut", "/");
}
