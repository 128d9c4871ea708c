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

/** The code's matrix, which the pay page draws as SVG on the server (shared/pay-page/qr-code.tsx). */
export type QRCodeErrorCorrectionLevel = "L" | "M" | "Q" | "H";
export function create(
  text: string,
  options?: { errorCorrectionLevel?: QRCodeErrorCorrectionLevel },
): { modules: { size: number; get(row: number, col: number): number | boolean } };
