import { describe, expect, it } from "vitest";
import { ENGLISH } from "#shared/i18n/english.ts";
import { MAX_PHOTO_BYTES } from "#shared/input-limits.ts";
import {
  ENCODE_LADDER,
  fitWithin,
  MAX_PHOTO_INPUT_BYTES,
  PREPARED_MAX_SIDE,
  photoInputHint,
  photoPlan,
  preparedName,
} from "./prepare-photo";

const MB = 1024 * 1024;

describe("which picked photos are made usable in the browser", () => {
  it("sends a JPEG, PNG, GIF or WebP of at most 5 MB as it is", () => {
    for (const type of ["image/jpeg", "image/png", "image/gif", "image/webp"])
      expect(photoPlan({ size: MAX_PHOTO_BYTES, type, name: "me" })).toBe("as-is");
  });

  it("prepares one byte over the limit, and any HEIC or unknown type whatever its size", () => {
    expect(photoPlan({ size: MAX_PHOTO_BYTES + 1, type: "image/png", name: "me.png" })).toBe("prepare");
    expect(photoPlan({ size: 6 * MB, type: "image/jpeg", name: "me.jpg" })).toBe("prepare");
    expect(photoPlan({ size: 2 * MB, type: "image/heic", name: "IMG_0042.HEIC" })).toBe("prepare");
    expect(photoPlan({ size: 2 * MB, type: "", name: "IMG_0042.heic" })).toBe("prepare");
    expect(photoPlan({ size: 1000, type: "image/avif", name: "a.avif" })).toBe("prepare");
  });

  it("refuses a file too large to decode on a phone", () => {
    expect(photoPlan({ size: MAX_PHOTO_INPUT_BYTES, type: "image/heic", name: "a.heic" })).toBe("prepare");
    expect(photoPlan({ size: MAX_PHOTO_INPUT_BYTES + 1, type: "image/jpeg", name: "a.jpg" })).toBe(
      "too-large",
    );
  });

  it("says which types and sizes it takes", () => {
    expect(photoInputHint(ENGLISH)).toBe(
      "Larger photos, up to 25 MB, are made smaller than 5 MB for you; WebP and HEIC work too.",
    );
  });
});

describe("the size a prepared photo is drawn at", () => {
  it("brings the long side down to 2048 px, keeping the shape", () => {
    expect(fitWithin(4032, 3024, PREPARED_MAX_SIDE)).toEqual({ width: 2048, height: 1536 });
    expect(fitWithin(3024, 4032, PREPARED_MAX_SIDE)).toEqual({ width: 1536, height: 2048 });
    expect(fitWithin(8000, 1000, PREPARED_MAX_SIDE)).toEqual({ width: 2048, height: 256 });
  });

  it("never enlarges, and never rounds a side to nothing", () => {
    expect(fitWithin(640, 480, PREPARED_MAX_SIDE)).toEqual({ width: 640, height: 480 });
    expect(fitWithin(2048, 2048, PREPARED_MAX_SIDE)).toEqual({ width: 2048, height: 2048 });
    expect(fitWithin(20_000, 1, PREPARED_MAX_SIDE)).toEqual({ width: 2048, height: 1 });
  });

  it("tries smaller encodings in turn, ending where even raw pixels would fit the limit", () => {
    for (const [index, step] of ENCODE_LADDER.entries()) {
      const before = ENCODE_LADDER[index - 1];
      if (before) expect(step.maxSide < before.maxSide || step.quality < before.quality).toBe(true);
      expect(step.maxSide).toBeLessThanOrEqual(PREPARED_MAX_SIDE);
    }
    const last = ENCODE_LADDER.at(-1) as { maxSide: number };
    // Uncompressed RGBA at the last size is under the limit, so that step always fits.
    expect(last.maxSide * last.maxSide * 4).toBeLessThanOrEqual(MAX_PHOTO_BYTES);
  });

  it("names the result after what it became", () => {
    expect(preparedName("IMG_0042.HEIC", "image/webp")).toBe("IMG_0042.webp");
    expect(preparedName("holiday.photo.png", "image/jpeg")).toBe("holiday.photo.jpg");
    expect(preparedName(".heic", "image/webp")).toBe("photo.webp");
  });
});
