// The browser build of `qrcode` (its package.json "browser" field maps it to lib/browser.js),
// as far as the client uses it. @types/qrcode describes the Node build too and pulls in Node's
// types, which the client's type check keeps out (tsconfig.client.json).
export type QRCodeToDataURLOptions = {
  margin?: number;
  width?: number;
  scale?: number;
  errorCorrectionLevel?: "L" | "M" | "Q" | "H";
  color?: { dark?: string; light?: string };
};

export function toDataURL(text: string, options?: QRCodeToDataURLOptions): Promise<string>;
