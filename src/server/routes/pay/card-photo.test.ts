import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createLocalStorage } from "#server/storage/local-storage.ts";
import { photoPng, pixelAt } from "#server/test/test-images.ts";
import { readCardPhoto } from "./card-photo";

const root = mkdtempSync(path.join(os.tmpdir(), "collect-card-photo-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const storage = createLocalStorage({ root, publicUrl: "http://localhost:3000", secret: "s".repeat(40) });

/** Stores bytes as an uploaded photo and returns its object path. */
function stored(bytes: Buffer): string {
  const key = `uploads/ownertag0/${randomUUID()}`;
  mkdirSync(path.dirname(path.join(root, key)), { recursive: true });
  writeFileSync(path.join(root, key), bytes);
  return `/objects/${key}`;
}

describe("card photo", () => {
  it("scales and crops a photo set before its card version was made to a small square PNG", async () => {
    const photo = (await readCardPhoto(storage, stored(photoPng()))) as Buffer;
    expect([photo.readUInt32BE(16), photo.readUInt32BE(20)]).toEqual([240, 240]);
    // Cropped to the middle: all red, no blue from the sides.
    for (const x of [2, 237]) {
      const [r, g, b, a] = pixelAt(photo, x, 120, { width: 240, height: 240 });
      // Resampling may round a channel by one.
      expect([r, g, b, a].map((v) => Math.round((v ?? 0) / 8) * 8)).toEqual([256, 0, 0, 256]);
    }
  });

  it("gives null, so the card shows initials, for anything it cannot draw", async () => {
    const webp = Buffer.concat([
      Buffer.from("RIFF"),
      Buffer.from([26, 0, 0, 0]),
      Buffer.from("WEBPVP8L"),
      randomBytes(18),
    ]);
    const brokenPng = Buffer.concat([photoPng().subarray(0, 40), randomBytes(200)]);
    for (const bytes of [webp, brokenPng, Buffer.from("<html>not an image</html>")]) {
      expect(await readCardPhoto(storage, stored(bytes))).toBeNull();
    }
    expect(await readCardPhoto(storage, null)).toBeNull();
    expect(await readCardPhoto(storage, `/objects/uploads/ownertag0/${randomUUID()}`)).toBeNull();
    expect(await readCardPhoto(storage, "https://elsewhere.example/photo.png")).toBeNull();
  });
});
