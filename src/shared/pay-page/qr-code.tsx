import { create, type QRCodeErrorCorrectionLevel } from "qrcode";

/** The quiet zone the QR standard asks for around the code, in modules. */
const QUIET_ZONE = 4;

/**
 * The dark modules of `payload`'s QR code as one SVG path, a run of dark modules in a row per
 * subpath, and the drawing's size in modules with its quiet zone. The `qrcode` package (the one
 * the app already draws with) chooses the version and mask and encodes text as UTF-8 bytes.
 */
export function qrPath(
  payload: string,
  errorCorrectionLevel: QRCodeErrorCorrectionLevel = "M",
): { d: string; size: number } {
  const { modules } = create(payload, { errorCorrectionLevel });
  const n = modules.size;
  const parts: string[] = [];
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && modules.get(row, col)) col++;
      parts.push(`M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${col - start}v1h-${col - start}z`);
    }
  }
  return { d: parts.join(""), size: n + 2 * QUIET_ZONE };
}

/**
 * A QR code drawn on the server as inline SVG: no script, no image request. Always black on white
 * with its quiet zone, in dark mode too, so every scanner reads it.
 */
export function QrCode({
  payload,
  label,
  errorCorrectionLevel = "M",
}: {
  payload: string;
  /** What the code is, for a screen reader: "QR code to pay with Pix". */
  label: string;
  errorCorrectionLevel?: QRCodeErrorCorrectionLevel;
}) {
  const { d, size } = qrPath(payload, errorCorrectionLevel);
  return (
    <svg
      data-qr=""
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className="mx-auto block size-56 max-w-full rounded-lg"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
