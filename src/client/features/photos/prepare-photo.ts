import type { I18n } from "@lingui/core";
import { MAX_PHOTO_BYTES } from "#shared/input-limits.ts";

/**
 * Making a photo the server can take, in the browser, before it is uploaded:
 * a photo over MAX_PHOTO_BYTES, or in a format the server does not read (HEIC from an iPhone,
 * AVIF, BMP…), is decoded by the browser (Safari reads HEIC itself; Chromium does not), drawn
 * at most PREPARED_MAX_SIDE px on its long side and encoded as WebP (JPEG where the browser
 * cannot write WebP). A file the browser cannot decode gets one sentence, PHOTO_PREP_MESSAGES.
 *
 * Written here rather than taken from a library: the work is createImageBitmap, one canvas and
 * a short quality ladder; browser-image-compression and Uppy's compressor (compressorjs) decode
 * through an <img> and a data URL, compress every image including the ones that need nothing,
 * and on a file they cannot read pass the original on, which the server then refuses — the
 * stacked "Please try again" messages this replaces.
 */

/** The server's formats (src/server/lib/image-sniff.ts): these go up as they are when small enough. */
export const SERVER_PHOTO_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;
/** What the file input offers (its accept attribute): the server's formats and HEIC/HEIF. */
export const PHOTO_INPUT_TYPES = [
  ...SERVER_PHOTO_TYPES,
  "image/heic",
  "image/heif",
  ".jpg",
  ".jpeg",
  ".png",
  ".gif",
  ".webp",
  ".heic",
  ".heif",
] as const;
/** The largest file taken in to be made smaller: decoding more costs a phone too much memory. */
export const MAX_PHOTO_INPUT_BYTES = 25 * 1024 * 1024;
/** The long side of a photo made in the browser (the server stores 1024 px; this leaves it room). */
export const PREPARED_MAX_SIDE = 2048;

const MB = 1024 * 1024;

/** What the picker says about a picked photo (English ids: shown through `photoPrepMessage`). */
export const PHOTO_PREP_MESSAGES = {
  /** The one message for a file the browser cannot turn into a photo. */
  unusable: /*i18n*/ "This photo can't be used here. Choose a JPG, PNG, GIF or WebP photo.",
  tooLarge: /*i18n*/ "This photo is larger than {max} MB. Choose a smaller photo.",
  preparing: /*i18n*/ "Making your photo ready to upload…",
} as const;

/** One of PHOTO_PREP_MESSAGES in `i18n`'s language, its size filled in. */
export function photoPrepMessage(i18n: I18n, key: keyof typeof PHOTO_PREP_MESSAGES): string {
  return i18n._(PHOTO_PREP_MESSAGES[key], { max: MAX_PHOTO_INPUT_BYTES / MB });
}

/** The file input's visible hint: which types, and how large, in `i18n`'s language. */
// Beside the guidelines' "Maximum file size 5MB" and "JPG, PNG, GIF" (the spec's words): what
// more the picker takes, said as an addition to them, not as another limit.
export function photoInputHint(i18n: I18n): string {
  return i18n._(
    "Larger photos, up to {input} MB, are made smaller than {max} MB for you; WebP and HEIC work too.",
    { input: MAX_PHOTO_INPUT_BYTES / MB, max: MAX_PHOTO_BYTES / MB },
  );
}

type FileFacts = { size: number; type: string; name: string };

/** What to do with a picked file: send it as it is, make it usable first, or refuse it. */
export function photoPlan(file: FileFacts): "as-is" | "prepare" | "too-large" {
  if (file.size > MAX_PHOTO_INPUT_BYTES) return "too-large";
  const type = file.type.toLowerCase();
  const taken = (SERVER_PHOTO_TYPES as readonly string[]).includes(type);
  return taken && file.size <= MAX_PHOTO_BYTES ? "as-is" : "prepare";
}

/** `width`×`height` scaled down (never up) so the longer side is at most `maxSide`; at least 1×1. */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/**
 * The encodings tried in turn until one fits in MAX_PHOTO_BYTES: lower quality first, then
 * fewer pixels. A 2048 px photo is 1–2 MB at 0.9; only noise-like images go further down.
 */
export const ENCODE_LADDER: readonly { maxSide: number; quality: number }[] = [
  { maxSide: PREPARED_MAX_SIDE, quality: 0.9 },
  { maxSide: PREPARED_MAX_SIDE, quality: 0.8 },
  { maxSide: PREPARED_MAX_SIDE, quality: 0.65 },
  { maxSide: 1600, quality: 0.65 },
  { maxSide: 1200, quality: 0.6 },
  { maxSide: 800, quality: 0.6 },
];

/** The picked file's name with the extension of what it became: "IMG_0042.HEIC" → "IMG_0042.webp". */
export function preparedName(name: string, type: string): string {
  const stem = name.replace(/\.[^./\\]*$/, "") || "photo";
  return `${stem}.${type === "image/webp" ? "webp" : "jpg"}`;
}

export class PhotoPrepError extends Error {}

type Canvas = OffscreenCanvas | HTMLCanvasElement;

function makeCanvas(width: number, height: number): Canvas {
  if (typeof OffscreenCanvas !== "undefined") return new OffscreenCanvas(width, height);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function encode(canvas: Canvas, type: string, quality: number): Promise<Blob | null> {
  if ("convertToBlob" in canvas) return canvas.convertToBlob({ type, quality }).catch(() => null);
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

/** `bitmap` drawn at `size`, over white for JPEG (which has no transparency). */
function draw(bitmap: ImageBitmap, size: { width: number; height: number }, opaque: boolean): Canvas {
  const canvas = makeCanvas(size.width, size.height);
  const context = canvas.getContext("2d") as
    | CanvasRenderingContext2D
    | OffscreenCanvasRenderingContext2D
    | null;
  if (!context) throw new PhotoPrepError(PHOTO_PREP_MESSAGES.unusable);
  if (opaque) {
    context.fillStyle = "#fff";
    context.fillRect(0, 0, size.width, size.height);
  }
  context.imageSmoothingQuality = "high";
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  return canvas;
}

/**
 * The picked file as a photo the server takes: at most PREPARED_MAX_SIDE px and MAX_PHOTO_BYTES,
 * WebP or JPEG, named after `name`. Rejects with a PhotoPrepError when the browser cannot
 * read the file (its message is the one to show).
 */
export async function preparePhoto(file: Blob, name: string): Promise<File> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    throw new PhotoPrepError(PHOTO_PREP_MESSAGES.unusable);
  }
  try {
    // WebP where the browser writes it (Chromium, Firefox); Safari answers a PNG, so JPEG there.
    let type = "image/webp";
    for (const step of ENCODE_LADDER) {
      const size = fitWithin(bitmap.width, bitmap.height, step.maxSide);
      let blob = await encode(draw(bitmap, size, type === "image/jpeg"), type, step.quality);
      if (blob && blob.type !== type && type === "image/webp") {
        type = "image/jpeg";
        blob = await encode(draw(bitmap, size, true), type, step.quality);
      }
      if (blob && blob.type === type && blob.size <= MAX_PHOTO_BYTES)
        return new File([blob], preparedName(name, type), { type });
    }
  } finally {
    bitmap.close();
  }
  throw new PhotoPrepError(PHOTO_PREP_MESSAGES.unusable);
}
