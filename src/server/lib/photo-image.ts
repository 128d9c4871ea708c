import sharp from "sharp";
import { IMAGE_LIMITS } from "../plugins/rate-limits";
import {
  MAX_PHOTO_BYTES,
  type ObjectStorage,
  PHOTO_VARIANT_SIDES,
  type PhotoVariant,
} from "../storage/object-storage";

// libvips' own cache keeps decoded images for reuse: photos are read once, so it only holds memory.
sharp.cache(false);
// One libvips thread an image: a 36-megapixel photo being resized leaves a core to the event loop.
sharp.concurrency(1);

const { photoMaxSide, photoMaxPixels, photoMaxFrames, photoStoredSide } = IMAGE_LIMITS;

/**
 * What is wrong with a photo's size in pixels or frames, or null when it may be set. Only the
 * header is read: a 48 KB PNG can claim 20000 x 20000 pixels (1.6 GB once decoded).
 */
export async function photoProblem(bytes: Buffer): Promise<string | null> {
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
const decode = (bytes: Buffer) =>
  sharp(bytes, { limitInputPixels: photoMaxPixels, pages: 1, failOn: "error" }).rotate();

const square = (image: Buffer, side: number) => sharp(image).resize(side, side, { fit: "cover" });

/**
 * The photo re-encoded as it is kept (WebP, at most photoStoredSide a side, no metadata such as
 * GPS) and its resized versions, made from that (the original is decoded once). libvips works
 * on its own thread: the event loop only waits.
 */
export async function encodePhoto(bytes: Buffer): Promise<{ photo: Buffer } & Record<PhotoVariant, Buffer>> {
  const photo = await decode(bytes)
    .resize(photoStoredSide, photoStoredSide, { fit: "inside", withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer();
  const [small, large, card] = await Promise.all([
    square(photo, PHOTO_VARIANT_SIDES["96"]).webp({ quality: 80 }).toBuffer(),
    square(photo, PHOTO_VARIANT_SIDES["192"]).webp({ quality: 80 }).toBuffer(),
    square(photo, PHOTO_VARIANT_SIDES.card).png({ compressionLevel: 6 }).toBuffer(),
  ]);
  return { photo, "96": small, "192": large, card };
}

/** The card's square PNG of a photo (satori embeds PNG and JPEG, not WebP); refuses (rejects) a photo past the pixel limit. */
export function cardPhoto(bytes: Buffer): Promise<Buffer> {
  return decode(bytes)
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
