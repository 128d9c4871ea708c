import { drawCard, prepareCard } from "./card";
import type { CardContent } from "./preview";

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
  return drawCard(task.content, task.photo && Buffer.from(task.photo));
}
