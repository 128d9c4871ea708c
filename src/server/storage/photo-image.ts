import type { Sharp, default as SharpModule } from "sharp";
import { IMAGE_LIMITS } from "#server/limits.ts";
import {
  MAX_PHOTO_BYTES,
  type ObjectStorage,
  PHOTO_VARIANT_SIDES,
  type PhotoVariant,
} from "./object-storage";

let loaded: Promise<typeof SharpModule> | undefined;
/**
 * sharp (libvips) is loaded after start-up, not during it (docs/decisions/017): loading holds the
 * event loop for ~50-80 ms, so `warmSharp` does it a moment after the server listens rather than
 * in the middle of someone's first photo.
 */
function loadSharp(): Promise<typeof SharpModule> {
  loaded ??= import("sharp").then(({ default: sharp }) => {
    // libvips' own cache keeps decoded images for reuse: photos are read once, so it only holds memory.
    sharp.cache(false);
    // One libvips thread an image: a 36-megapixel photo being resized leaves a core to the event loop.
    sharp.concurrency(1);
    return sharp;
  });
  return loaded;
}

export function warmSharp(afterMs = 250): void {
  setTimeout(() => void loadSharp().catch(() => {}), afterMs).unref();
}

const { photoMaxSide, photoMaxPixels, photoMaxFrames, photoStoredSide } = IMAGE_LIMITS;

/**
 * What is wrong with a photo's size in pixels or frames, or null when it may be set. Only the
 * header is read: a 48 KB PNG can claim 20000 x 20000 pixels (1.6 GB once decoded).
 */
export async function photoProblem(bytes: Buffer): Promise<string | null> {
  const sharp = await loadSharp();
  const meta = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height) return "the file is not an image we can read.";
  const { width, height } = meta;
  const megapixels = Math.round(photoMaxPixels / 1_000_000);
  if (width > photoMaxSide || height > photoMaxSide || width * height > photoMaxPixels) {
    return `the image is ${width}×${height} pixels; a photo can be at most ${photoMaxSide} pixels a side and ${megapixels} megapixels.`;
  }
  if ((meta.pages ?? 1) > photoMaxFrames) {
    return `the image has ${meta.pages} frames; a photo can have at most ${photoMaxFrames}.`;
  }
  return null;
}

/** Decodes at most a checked photo's pixels, and only its first frame, turned upright. */
const decode = (sharp: typeof SharpModule, bytes: Buffer) =>
  sharp(bytes, { limitInputPixels: photoMaxPixels, pages: 1, failOn: "error" }).rotate();

/** The most each WebP may weigh: a pay page with its avatar stays inside its 60 KB (docs/product.md#pay-page). */
export const PHOTO_BYTES = { photo: 256 * 1024, "96": 8 * 1024, "192": 20 * 1024 } as const;

/** WebP at the best quality of a few that fits `maxBytes` (the lowest when none does: noise). */
async function webpWithin(image: () => Sharp, maxBytes: number): Promise<Buffer> {
  let encoded = Buffer.alloc(0);
  for (const quality of [82, 65, 50, 35, 20]) {
    encoded = await image().webp({ quality }).toBuffer();
    if (encoded.length <= maxBytes) break;
  }
  return encoded;
}

/**
 * The photo re-encoded as it is kept (WebP, at most photoStoredSide a side, no metadata such as
 * GPS) and its resized versions, made from that (the original is decoded once), each within
 * PHOTO_BYTES. libvips works on its own thread: the event loop only waits.
 */
export async function encodePhoto(bytes: Buffer): Promise<{ photo: Buffer } & Record<PhotoVariant, Buffer>> {
  const sharp = await loadSharp();
  const upright = await decode(sharp, bytes)
    .resize(photoStoredSide, photoStoredSide, { fit: "inside", withoutEnlargement: true })
    // Onto white: an alpha channel doubles a WebP's bytes, and an avatar is shown whole.
    .flatten({ background: "#ffffff" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = upright.info;
  const pixels = () => sharp(upright.data, { raw: { width, height, channels } });
  const square = (side: number) => () => pixels().resize(side, side, { fit: "cover" });
  const [photo, small, large, card] = await Promise.all([
    webpWithin(pixels, PHOTO_BYTES.photo),
    webpWithin(square(PHOTO_VARIANT_SIDES["96"]), PHOTO_BYTES["96"]),
    webpWithin(square(PHOTO_VARIANT_SIDES["192"]), PHOTO_BYTES["192"]),
    square(PHOTO_VARIANT_SIDES.card)().png({ compressionLevel: 6 }).toBuffer(),
  ]);
  return { photo, "96": small, "192": large, card };
}

/** The card's square PNG of a photo (satori embeds PNG and JPEG, not WebP); refuses (rejects) a photo past the pixel limit. */
export async function cardPhoto(bytes: Buffer): Promise<Buffer> {
  return decode(await loadSharp(), bytes)
    .resize(PHOTO_VARIANT_SIDES.card, PHOTO_VARIANT_SIDES.card, { fit: "cover" })
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/** A whole stored photo (at most MAX_PHOTO_BYTES), or null when it is missing or larger. */
export async function readPhoto(storage: ObjectStorage, key: string): Promise<Buffer | null> {
  const object = await storage.read(key);
  if (!object || object.size > MAX_PHOTO_BYTES) {
    object?.body.destroy();
    return null;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
