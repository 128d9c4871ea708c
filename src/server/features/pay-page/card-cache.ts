/**
 * Drawn cards by version, least recently used dropped first, bounded in count and bytes. A
 * version is a hash of the card's content, so an entry never goes stale: it only ages out.
 * Concurrent asks for one version (a message app's previewers arrive together) share one draw.
 */
export function createCardCache(options: { maxEntries?: number; maxBytes?: number } = {}) {
  const maxEntries = options.maxEntries ?? 200;
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  const entries = new Map<string, Buffer>();
  const drawing = new Map<string, Promise<Buffer>>();
  let bytes = 0;

  function store(version: string, png: Buffer) {
    entries.set(version, png);
    bytes += png.length;
    for (const [oldest, old] of entries) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      entries.delete(oldest);
      bytes -= old.length;
    }
  }

  return {
    get size() {
      return { entries: entries.size, bytes };
    },
    /** The cached card, or `draw()`'s result, kept for next time. */
    async get(version: string, draw: () => Promise<Buffer>): Promise<Buffer> {
      const cached = entries.get(version);
      if (cached) {
        entries.delete(version);
        entries.set(version, cached);
        return cached;
      }
      const pending = drawing.get(version);
      if (pending) return pending;
      const promise = draw().then((png) => {
        store(version, png);
        return png;
      });
      drawing.set(version, promise);
      try {
        return await promise;
      } finally {
        drawing.delete(version);
      }
    },
  };
}
