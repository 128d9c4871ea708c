import jsQR from "jsqr";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { epcPayload } from "#shared/rails/sepa.ts";
import { upiLink } from "#shared/rails/upi.ts";
import { QrCode, qrPath } from "./qr-code";

/** The SVG as the page holds it, rasterised by sharp (eight pixels a module) and read by jsQR. */
async function scan(svg: string): Promise<Buffer> {
  const { data, info } = await sharp(Buffer.from(svg), { density: 72 * 8 })
    .flatten({ background: "#fff" })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const code = jsQR(
    new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
    info.width,
    info.height,
  );
  if (!code) throw new Error("jsQR found no QR code");
  return Buffer.from(code.binaryData);
}

describe("QrCode, drawn on the server as SVG", () => {
  it.each([
    [
      "an EPC QR code with non-Latin text",
      epcPayload({
        name: "Jürgen Müller",
        iban: "DE89370400440532013000",
        amount: { minor: 1250, currency: "EUR" },
        remittance: "Pizza & Getränke 🍕",
      }),
    ],
    [
      "a UPI link",
      upiLink({
        vpa: "robin@okaxis",
        payeeName: "Robin",
        amount: { minor: 2550, currency: "INR" },
        note: "Chai",
      }),
    ],
  ])("reads back byte for byte: %s", async (_name, payload) => {
    const svg = renderToStaticMarkup(createElement(QrCode, { payload, label: "QR code" }));
    expect((await scan(svg)).equals(Buffer.from(payload, "utf8"))).toBe(true);
  });

  it("names itself for a screen reader and keeps a quiet zone of four modules", () => {
    const svg = renderToStaticMarkup(
      createElement(QrCode, { payload: "upi://pay", label: "QR code to pay with UPI" }),
    );
    expect(svg).toContain('role="img"');
    expect(svg).toContain('aria-label="QR code to pay with UPI"');
    const { d, size } = qrPath("upi://pay");
    // Version 1 is 21 modules; the first dark module is the finder pattern's corner at (4, 4).
    expect(size).toBe(21 + 8);
    expect(d.startsWith("M4 4h7v1h-7z")).toBe(true);
  });
});
