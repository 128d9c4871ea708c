import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import negotiate from "@fastify/accept-negotiator";

type Encoding = "br" | "gzip" | "identity";
/** In order of preference when the browser accepts several equally. */
const ENCODINGS: Encoding[] = ["br", "gzip", "identity"];
const compress: Record<Exclude<Encoding, "identity">, (body: Buffer) => Buffer> = {
  // Quality 5: about 1 ms for a 12 KB page and within 10% of quality 11's size, done once per
  // cached page (quality 11 takes ~25 ms, too long to hold the event loop for).
  br: (body) =>
    brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  gzip: (body) => gzipSync(body, { level: 6 }),
};

// The Accept-Encoding values browsers and preview bots send are a handful; the header is the
// client's to choose, so only the first few seen are remembered.
const chosen = new Map<string, Encoding>();
const REMEMBERED = 64;

function choose(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  let encoding = chosen.get(acceptEncoding);
  if (encoding === undefined) {
    // Nothing acceptable ("identity;q=0" alone): the page as it is, rather than a 406.
    encoding = negotiate(acceptEncoding, ENCODINGS) ?? "identity";
    if (chosen.size < REMEMBERED) chosen.set(acceptEncoding, encoding);
  }
  return encoding;
}

export type EncodedBody = { body: Buffer; encoding: Encoding | undefined };

/**
 * A page sent many times: kept as bytes (no UTF-8 encoding per answer) and compressed once per
 * encoding, on the first request that asks for it. A 12 KB page is ~3.3 KB in brotli: less for
 * a payer's phone to download, and fewer bytes for the server to write. With `compressed`
 * false the page is always sent as it is.
 */
export function encodedPage(
  html: string,
  compressed = true,
): (acceptEncoding: string | undefined) => EncodedBody {
  const identity = Buffer.from(html);
  const made = new Map<Encoding, Buffer>([["identity", identity]]);
  return (acceptEncoding) => {
    const encoding = compressed ? choose(acceptEncoding) : "identity";
    let body = made.get(encoding);
    if (!body) {
      body = compress[encoding as Exclude<Encoding, "identity">](identity);
      made.set(encoding, body);
    }
    return { body, encoding: encoding === "identity" ? undefined : encoding };
  };
}
