import { useEffect, useState } from "react";

/** The QR code's look; 240 px fits a phone sheet and scans from a laptop screen. */
const QR_OPTIONS = { margin: 1, width: 240 } as const;

/**
 * A PNG data URL of `text` as a QR code, made in the browser. The `qrcode` module is loaded on
 * first use so it stays out of the main bundle.
 */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const { toDataURL } = await import("qrcode");
  return toDataURL(text, QR_OPTIONS);
}

export type QrCodeState = { status: "loading" } | { status: "ready"; dataUrl: string } | { status: "failed" };

/** The QR code of `text`, drawn once per text. */
export function useQrCode(text: string): QrCodeState {
  const [result, setResult] = useState<{ text: string; state: QrCodeState } | null>(null);
  useEffect(() => {
    let current = true;
    qrCodeDataUrl(text).then(
      (dataUrl) => current && setResult({ text, state: { status: "ready", dataUrl } }),
      (error: unknown) => {
        console.error("QR code failed", error);
        if (current) setResult({ text, state: { status: "failed" } });
      },
    );
    return () => {
      current = false;
    };
  }, [text]);
  return result?.text === text ? result.state : { status: "loading" };
}
