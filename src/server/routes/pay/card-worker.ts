import { v8Collector } from "#server/lib/garbage-collection.ts";
import { drawCard, prepareCard } from "./card";
import type { CardContent } from "./card-content";

/**
 * resvg paints each card into a native pixmap (3 MB for 1200 x 630), held by its own allocator
 * until V8 collects the JS object that owns it and Node then runs that object's finalizer on a
 * later turn of the event loop. V8 does not see that memory, so nothing prompted a collection,
 * and a queue of draws never gave the loop a turn: every card drawn kept its 3 MB for good, past
 * the thread's end (36 cards drawn on one thread: RSS 101 → 292 MB; `npm run bench`'s abuse
 * row). After each draw: a young-generation collection (the objects are still young; well under
 * a millisecond) and one turn of the loop for the finalizers (36 cards: 101 → 172 MB, flat after
 * the first few).
 */
const collect = v8Collector();

/**
 * A card pool thread (card-pool.ts): satori lays the card out and resvg paints it, away from
 * the event loop. A separate entry of the build (scripts/build-server.mjs): dist/server/card-worker.js.
 */
export default async function draw(
  task: {
    content: CardContent;
    photo: Uint8Array | null;
  } | null,
): Promise<Uint8Array> {
  // No task: the pool's start of a thread (card-pool.ts), loading without drawing.
  if (!task) {
    await prepareCard();
    return new Uint8Array(0);
  }
  const png = await drawCard(task.content, task.photo && Buffer.from(task.photo));
  collect?.({ type: "minor" });
  await new Promise((resolve) => setImmediate(resolve));
  return png;
}
