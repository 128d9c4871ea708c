import { LRUCache } from "lru-cache";
import { IMAGE_LIMITS, type ImageLimits } from "#server/limits.ts";
import type { CardContent } from "./card-content";

/**
 * Drawn cards by version, least recently used dropped first, bounded in count, bytes and age. A
 * version is a hash of the card's content, so an entry never goes stale: it only ages out.
 * `fetch` draws a missing card once however many ask for it at once (a message app's
 * previewers arrive together): the others wait for that draw.
 */
export function createCardCache(
  draw: (content: CardContent) => Promise<Buffer>,
  limits: Pick<ImageLimits, "cardCacheMaxEntries" | "cardCacheMaxBytes" | "cardCacheTtlMs"> = IMAGE_LIMITS,
) {
  return new LRUCache<string, Buffer, CardContent>({
    max: limits.cardCacheMaxEntries,
    maxSize: limits.cardCacheMaxBytes,
    sizeCalculation: (png) => png.length,
    ttl: limits.cardCacheTtlMs,
    fetchMethod: (_version, _stale, { context }) => draw(context),
  });
}
