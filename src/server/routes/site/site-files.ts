import { Resvg } from "@resvg/resvg-js";
import type { FastifyPluginAsync } from "fastify";
import { BRAND_SVG } from "#server/lib/brand-mark.ts";

/**
 * Search engines stay out of payment pages and the API (found pages also say noindex). Link
 * previewers that honour robots.txt (Twitter/X, Facebook and iMessage, LinkedIn) get their own
 * group allowing /pay/, or they would show no card at all (docs/decisions/006-link-preview-card.md#robots).
 */
export const ROBOTS_TXT = `User-agent: Twitterbot
User-agent: facebookexternalhit
User-agent: Facebot
User-agent: LinkedInBot
User-agent: Slackbot-LinkExpanding
User-agent: Discordbot
User-agent: TelegramBot
User-agent: WhatsApp
Allow: /pay/
Disallow: /api/

User-agent: *
Disallow: /pay/
Disallow: /api/
`;

const ICON_SIZES = [16, 32, 48];

/** An ICO whose images are PNGs (allowed since Windows Vista, read by every browser). */
export function icoFromPngs(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((i) => i.png)]);
}

let favicon: Buffer | null = null;

/** Drawn once from the mark, so /favicon.ico needs no built client. */
function faviconIco(): Buffer {
  favicon ??= icoFromPngs(
    ICON_SIZES.map((size) => ({
      size,
      png: new Resvg(BRAND_SVG, { fitTo: { mode: "width", value: size } }).render().asPng(),
    })),
  );
  return favicon;
}

/** /robots.txt and /favicon.ico, answered by the server itself rather than the client's fallback. */
export const siteFileRoutes: FastifyPluginAsync = async (app) => {
  app.get("/robots.txt", async (_request, reply) =>
    reply.type("text/plain; charset=utf-8").header("cache-control", "public, max-age=86400").send(ROBOTS_TXT),
  );
  app.get("/favicon.ico", async (_request, reply) =>
    reply.type("image/x-icon").header("cache-control", "public, max-age=604800").send(faviconIco()),
  );
};
