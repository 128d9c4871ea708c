import jsQR from "jsqr";
import QRCode from "qrcode";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { monzoLink } from "./monzo";
import { payNowPayload } from "./paynow";
import { paypalLink } from "./paypal";
import { pixPayload } from "./pix";
import { promptPayPayload } from "./promptpay";
import { EPC_ERROR_CORRECTION, epcPayload } from "./sepa";
import { swishQrPayload } from "./swish";
import { upiLink } from "./upi";

/**
 * Every payload drawn as a real QR code: rendered to a PNG by `qrcode` (the package the app
 * draws with), the PNG decoded to pixels by sharp, the pixels read by jsQR (an independent
 * decoder), and the bytes read compared with the payload's UTF-8 bytes.
 */
async function scan(payload: string): Promise<{ bytes: Buffer; text: string }> {
  const png = await QRCode.toBuffer(payload, {
    errorCorrectionLevel: EPC_ERROR_CORRECTION,
    margin: 4,
    scale: 4,
  });
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const code = jsQR(
    new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
    info.width,
    info.height,
  );
  if (!code) throw new Error(`jsQR found no QR code in the PNG of ${payload}`);
  return { bytes: Buffer.from(code.binaryData), text: code.data };
}

const PAYLOADS: [string, string][] = [
  [
    "UPI",
    upiLink({
      vpa: "robin@okaxis",
      payeeName: "Robin Sharma",
      amount: { minor: 2550, currency: "INR" },
      note: "Chai ☕ & samosa",
    }),
  ],
  [
    "Pix (BCB's static example)",
    pixPayload({
      key: "123e4567-e12b-12d1-a456-426655440000",
      merchantName: "Fulano de Tal",
      merchantCity: "BRASILIA",
    }),
  ],
  [
    "Pix with amount and description",
    pixPayload({
      key: "+5511999998888",
      merchantName: "João Araújo",
      merchantCity: "São Paulo",
      amount: { minor: 5000, currency: "BRL" },
      description: "Pizza & açaí",
      txid: "ORDER42",
    }),
  ],
  [
    "EPC QR (UTF-8 text)",
    epcPayload({
      name: "Jürgen Müller",
      iban: "DE89370400440532013000",
      bic: "COBADEFFXXX",
      amount: { minor: 1250, currency: "EUR" },
      remittance: "Pizza & Getränke 🍕",
    }),
  ],
  [
    "Swish",
    swishQrPayload({
      payee: "46701234567",
      amount: { minor: 12550, currency: "SEK" },
      message: "Middag på Åre",
    }),
  ],
  [
    "Monzo",
    monzoLink({ username: "robin", amount: { minor: 2550, currency: "GBP" }, note: "Pizza & drinks" }),
  ],
  [
    "PayNow",
    payNowPayload({
      proxy: { type: "uen", value: "201403121W" },
      amount: { minor: 1250, currency: "SGD" },
      reference: "Pizza",
    }),
  ],
  [
    "PromptPay",
    promptPayPayload({
      proxy: { type: "mobile", value: "0066812345678" },
      amount: { minor: 42200, currency: "THB" },
    }),
  ],
  ["PayPal", paypalLink({ username: "robin", amount: { minor: 1500, currency: "JPY" } })],
];

describe("QR proof: each payload drawn with qrcode and read back with jsQR", () => {
  it.each(PAYLOADS)("%s", async (_rail, payload) => {
    const started = performance.now();
    const { bytes, text } = await scan(payload);
    expect(bytes.equals(Buffer.from(payload, "utf8"))).toBe(true);
    expect(text).toBe(payload);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
