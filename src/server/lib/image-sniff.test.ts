import { describe, expect, it } from "vitest";
import { SNIFF_BYTES, sniffImage } from "./image-sniff";

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "latin1") : Buffer.from(p))));

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** A real 1x1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);
/** A real 1x1 GIF89a. */
const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

describe("sniffImage", () => {
  it("recognises JPEG by FF D8 FF, whatever follows", () => {
    expect(sniffImage(bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], "JFIF\0"))).toBe("image/jpeg");
    expect(sniffImage(bytes([0xff, 0xd8, 0xff, 0xe1], "..Exif"))).toBe("image/jpeg");
    expect(sniffImage(bytes([0xff, 0xd8, 0xff]))).toBe("image/jpeg");
    expect(sniffImage(bytes([0xff, 0xd8, 0xfe, 0xe0]))).toBeNull();
  });

  it("recognises PNG by its full 8-byte signature", () => {
    expect(sniffImage(PNG)).toBe("image/png");
    expect(sniffImage(PNG.subarray(0, SNIFF_BYTES))).toBe("image/png");
    expect(sniffImage(bytes(PNG_SIGNATURE))).toBe("image/png");
    expect(sniffImage(bytes(PNG_SIGNATURE, "<script>alert(1)</script>"))).toBe("image/png");
    // "\x89PNG" without the line-ending bytes, or with them mangled by a text transfer.
    expect(sniffImage(bytes([0x89], "PNG\r\n\x1a"))).toBeNull();
    expect(sniffImage(bytes([0x89], "PNG\n\x1a\n\0\0"))).toBeNull();
  });

  it("recognises GIF87a and GIF89a", () => {
    expect(sniffImage(GIF)).toBe("image/gif");
    expect(sniffImage(bytes("GIF87a", [1, 0, 1, 0]))).toBe("image/gif");
    expect(sniffImage(bytes("GIF89a"))).toBe("image/gif");
    expect(sniffImage(bytes("GIF88a", [1, 0, 1, 0]))).toBeNull();
    expect(sniffImage(bytes("gif89a", [1, 0, 1, 0]))).toBeNull();
  });

  it("recognises WebP by RIFF....WEBP, and no other RIFF file", () => {
    expect(sniffImage(bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 "))).toBe("image/webp");
    expect(sniffImage(bytes("RIFF", [0x24, 0, 0, 0], "WEBP"))).toBe("image/webp");
    expect(sniffImage(bytes("RIFF", [0x24, 0, 0, 0], "WAVEfmt "))).toBeNull();
    expect(sniffImage(bytes("RIFF", [0x24, 0, 0, 0], "AVI LIST"))).toBeNull();
  });

  it("refuses HTML, SVG and other text, however it starts", () => {
    for (const text of [
      "<!DOCTYPE html><html><script>alert(1)</script></html>",
      "<html><body>hi</body></html>",
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>',
      "   \n<svg/>",
      "%PDF-1.7\n",
      "GIF",
      "RIFF",
      "PNG",
      "plain text that is long enough",
    ]) {
      expect(sniffImage(Buffer.from(text)), text).toBeNull();
    }
    // A UTF-8 byte-order mark in front of an image signature is not an image.
    expect(sniffImage(bytes([0xef, 0xbb, 0xbf], PNG.subarray(0, 9).toString("latin1")))).toBeNull();
  });

  it("refuses empty and truncated input rather than guessing", () => {
    expect(sniffImage(new Uint8Array())).toBeNull();
    expect(sniffImage(bytes([0xff]))).toBeNull();
    expect(sniffImage(bytes([0xff, 0xd8]))).toBeNull();
    for (let length = 1; length < 8; length++) {
      expect(sniffImage(PNG.subarray(0, length)), `PNG cut to ${length}`).toBeNull();
    }
    expect(sniffImage(bytes("GIF89"))).toBeNull();
    expect(sniffImage(bytes("RIFF", [0x24, 0, 0, 0], "WEB"))).toBeNull();
  });

  it("needs no more than SNIFF_BYTES to decide", () => {
    expect(SNIFF_BYTES).toBeGreaterThanOrEqual(12);
    const webp = bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 ", [0, 0, 0, 0]);
    expect(sniffImage(webp.subarray(0, SNIFF_BYTES))).toBe("image/webp");
  });
});
