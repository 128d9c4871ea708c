import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { RequestEventSchema } from "../../shared/schemas/event";

/** The tab title with a count of new claims in front: "(2) Home · Collect". */
export function titleWithCount(title: string, count: number): string {
  const base = title.replace(/^\(\d+\) /, "");
  return count > 0 ? `(${count}) ${base}` : base;
}

/** Every cached list a request event can change: requests (any page of them) and split groups. */
function refreshRequests(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) => /^\/api\/(payment-requests|splits)(\/|$)/.test(String(query.queryKey[0])),
  });
}

/**
 * Live Home and Archive (docs/decisions/016-close-the-loop.md): one EventSource per tab on
 * GET /api/events while signed in. Each event refetches the request lists; so does every
 * (re)connection, which covers whatever happened while the stream was down. Claims that arrive
 * count in the tab title until the person comes back to the tab or uses it.
 */
export function useLiveUpdates(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    let claims = 0;
    const showCount = (count: number) => {
      claims = count;
      document.title = titleWithCount(document.title, claims);
    };
    const refresh = () => void refreshRequests(queryClient);
    const source = new EventSource("/api/events");
    source.addEventListener("open", refresh);
    source.addEventListener("resync", refresh);
    source.addEventListener("request", (message) => {
      refresh();
      const event = RequestEventSchema.safeParse(JSON.parse(message.data));
      if (event.success && event.data.kind === "claimed") showCount(claims + 1);
    });
    const seen = () => {
      if (claims > 0 && document.visibilityState === "visible") showCount(0);
    };
    const events = ["visibilitychange", "pointerdown", "keydown"] as const;
    for (const name of events) document.addEventListener(name, seen);
    return () => {
      source.close();
      for (const name of events) document.removeEventListener(name, seen);
      showCount(0);
    };
  }, [enabled, queryClient]);
}
