import { useEffect, useSyncExternalStore } from "react";
import { queryClient } from "#client/lib/query-client.ts";
import { RequestEventSchema } from "#shared/schemas/event.ts";
import { REQUESTS_URL, SPLITS_URL } from "./request-keys";

/**
 * Refetches every cached query a request event can change: the lists of requests (any page of
 * them), their totals and the split groups, found by their keys' first element.
 */
export async function refreshRequests(): Promise<void> {
  await Promise.all(
    [REQUESTS_URL, SPLITS_URL].map((root) => queryClient.invalidateQueries({ queryKey: [root] })),
  );
}

// Claims that arrived since the person last looked at their lists; every page title shows it.
let claims = 0;
const listeners = new Set<() => void>();
function setClaims(count: number) {
  if (count === claims) return;
  claims = count;
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** One more claim came in while the person was not looking. */
export function countClaim(): void {
  setClaims(claims + 1);
}

/** The count of new claims, for the tab title (page-titles.ts). */
export function useClaimCount(): number {
  return useSyncExternalStore(subscribe, () => claims);
}

/**
 * Called by the request lists: the claims count as seen once a visible tab shows a list — when it
 * is shown, when the tab comes back into view, or when the person uses the page.
 */
export function useClaimsSeen(): void {
  useEffect(() => {
    const seen = () => {
      if (document.visibilityState === "visible") setClaims(0);
    };
    seen();
    const events = ["visibilitychange", "pointerdown", "keydown"] as const;
    for (const name of events) document.addEventListener(name, seen);
    return () => {
      for (const name of events) document.removeEventListener(name, seen);
    };
  }, []);
}

/**
 * Live Home and Archive (docs/decisions/016-close-the-loop.md): one EventSource per tab on
 * GET /api/events while signed in. Each event refetches the request lists; so does every
 * (re)connection, which covers whatever happened while the stream was down. Claims that arrive
 * are counted (useClaimCount) until a list is seen (useClaimsSeen).
 */
export function useLiveUpdates(enabled: boolean): void {
  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    const refresh = () => void refreshRequests();
    const source = new EventSource("/api/events");
    source.addEventListener("open", refresh);
    source.addEventListener("resync", refresh);
    source.addEventListener("request", (message) => {
      refresh();
      const event = RequestEventSchema.safeParse(JSON.parse(message.data));
      if (event.success && event.data.kind === "claimed") countClaim();
    });
    return () => {
      source.close();
      setClaims(0);
    };
  }, [enabled]);
}
