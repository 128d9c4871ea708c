import { Resvg } from "@resvg/resvg-js";
import { SNIFF_BYTES, sniffImage } from "../../lib/image-sniff";
import { MAX_PHOTO_BYTES, type ObjectStorage } from "../../storage/object-storage";
import { keyFromObjectPath } from "../../storage/photo-keys";

/**
 * The requester's photo as a small square PNG for the card, or null (the card then shows
 * initials). Photos may be 5 MB; satori embeds images as data URLs, so it gets this instead.
 * resvg scales and crops it (JPEG, PNG, GIF); a picture it cannot decode (WebP) draws nothing
 * and is treated as missing.
 */
export async function readCardPhoto(
  storage: ObjectStorage,
  objectPath: string | null,
  size: number,
): Promise<Buffer | null> {
  const key = keyFromObjectPath(objectPath);
  if (!key) return null;
  const object = await storage.read(key);
  if (!object || object.size > MAX_PHOTO_BYTES) {
    object?.body.destroy();
    return null;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  const type = sniffImage(bytes.subarray(0, SNIFF_BYTES));
  if (!type) return null;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">` +
    `<image width="${size}" height="${size}" preserveAspectRatio="xMidYMid slice" ` +
    `href="data:${type};base64,${bytes.toString("base64")}"/></svg>`;
  const image = new Resvg(svg).render();
  const drawn = image.pixels.some((value, i) => i % 4 === 3 && value !== 0);
  return drawn ? image.asPng() : null;
}
