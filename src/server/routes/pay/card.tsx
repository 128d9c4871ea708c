/** @jsxRuntime automatic @jsxImportSource react */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { Resvg } from "@resvg/resvg-js";
import type { Font } from "satori";
import { BRAND_SVG } from "#server/lib/brand-mark.ts";
import { PHOTO_VARIANT_SIDES } from "#server/storage/object-storage.ts";
import { CARD_HEIGHT, CARD_WIDTH, type CardContent } from "./card-content";
import { drawableText, emojiDataUrl } from "./card-emoji";

const require = createRequire(import.meta.url);

/** Inter in every script it covers; satori reads .woff (not .woff2) and falls back font by font. */
const SUBSETS = ["latin", "latin-ext", "cyrillic", "cyrillic-ext", "greek", "greek-ext", "vietnamese"];
const WEIGHTS = [400, 700] as const;

let assets: Promise<{ fonts: Font[]; brand: string }> | null = null;

function loadAssets() {
  assets ??= (async () => {
    const fonts = await Promise.all(
      SUBSETS.flatMap((subset) =>
        WEIGHTS.map(async (weight) => ({
          name: `Inter ${subset}`,
          weight,
          style: "normal" as const,
          data: await readFile(
            require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`),
          ),
        })),
      ),
    );
    const brand = `data:image/svg+xml;base64,${Buffer.from(BRAND_SVG).toString("base64")}`;
    return { fonts, brand };
  })();
  assets.catch(() => {
    assets = null;
  });
  return assets;
}

const FONT_FAMILY = SUBSETS.map((s) => `Inter ${s}`).join(", ");
const PICTOGRAPHS = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u200d|\ufe0f/gu;

/** Up to two initials, from letters only: "🎉 Sam Lee" → "SL". */
function initials(name: string): string {
  const letters = name
    .replace(PICTOGRAPHS, "")
    .trim()
    .split(/\s+/)
    .map((w) => [...w][0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase();
  return letters || "?";
}

/** The avatar's side on the card, in pixels: the photo's card version is made at this size. */
export const CARD_AVATAR = PHOTO_VARIANT_SIDES.card;
const PADDING = 64;
const INNER = CARD_WIDTH - 2 * PADDING;
const GAP = 56;
const HEADER_HEIGHT = 72;
const BODY_HEIGHT = CARD_HEIGHT - 2 * PADDING - HEADER_HEIGHT;
/** Where the avatar's centre lands on the card. */
export const AVATAR_CENTRE = { x: PADDING + CARD_AVATAR / 2, y: PADDING + HEADER_HEIGHT + BODY_HEIGHT / 2 };

/**
 * The 1200×630 PNG shown in link previews. `photo` is the requester's photo already resized to
 * a square PNG of CARD_AVATAR pixels (card-photo.ts), or null for their initials. Synchronous
 * work of ~100 ms: the server calls it only on the card pool's threads (card-pool.ts).
 */
/** Loads what every card needs (a thread's start, card-pool.ts), so no draw's budget pays for it. */
export async function prepareCard(): Promise<void> {
  await Promise.all([loadAssets(), import("satori")]);
}

export async function drawCard(content: CardContent, photo: Buffer | null): Promise<Buffer> {
  const { fonts, brand } = await loadAssets();
  // Emoji are drawn from Twemoji's SVGs (card-emoji.ts); a pictograph it lacks is left out.
  const name = drawableText(content.name);
  const description = content.description ? drawableText(content.description) : "";
  const ellipsis = { overflow: "hidden", whiteSpace: "nowrap", textOverflow: "ellipsis" } as const;
  // satori is loaded with the first card, not at start-up (docs/decisions/017-fast-start-up.md).
  const { default: satori } = await import("satori");
  const svg = await satori(
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        padding: PADDING,
        background: "#ecfdf5",
        color: "#0f172a",
        fontFamily: FONT_FAMILY,
      }}
    >
      <div
        style={{
          display: "flex",
          alignItems: "center",
          justifyContent: "space-between",
          width: INNER,
          height: HEADER_HEIGHT,
        }}
      >
        <div style={{ display: "flex", alignItems: "center", gap: 20 }}>
          <img src={brand} width={64} height={64} alt="" />
          <div style={{ fontSize: 44, fontWeight: 700, color: "#047857" }}>Collect</div>
        </div>
        {content.paid && (
          <div
            style={{
              display: "flex",
              alignItems: "center",
              padding: "10px 36px 10px 28px",
              borderRadius: 999,
              background: "#047857",
              color: "#ffffff",
              fontSize: 44,
              fontWeight: 700,
            }}
          >
            <svg aria-hidden="true" width={40} height={40} viewBox="0 0 24 24" style={{ marginRight: 12 }}>
              <path
                d="M5 12.5l4.5 4.5L19 7.5"
                fill="none"
                stroke="#ffffff"
                strokeWidth={3}
                strokeLinecap="round"
              />
            </svg>
            {content.words.paid}
          </div>
        )}
      </div>
      <div style={{ display: "flex", alignItems: "center", width: INNER, height: BODY_HEIGHT, gap: GAP }}>
        {photo ? (
          <img
            src={`data:image/png;base64,${photo.toString("base64")}`}
            width={CARD_AVATAR}
            height={CARD_AVATAR}
            style={{ flexShrink: 0, borderRadius: CARD_AVATAR / 2 }}
            alt=""
          />
        ) : (
          <div
            style={{
              display: "flex",
              flexShrink: 0,
              width: CARD_AVATAR,
              height: CARD_AVATAR,
              borderRadius: CARD_AVATAR / 2,
              alignItems: "center",
              justifyContent: "center",
              background: "#a7f3d0",
              color: "#065f46",
              fontSize: 96,
              fontWeight: 700,
            }}
          >
            {initials(content.name)}
          </div>
        )}
        <div style={{ display: "flex", flexDirection: "column", width: INNER - CARD_AVATAR - GAP }}>
          <div style={{ ...ellipsis, fontSize: 48, fontWeight: 700 }}>{name}</div>
          <div style={{ fontSize: 36, color: "#475569", marginTop: 4 }}>
            {content.paid ? content.words.wasPaid : content.words.requesting}
          </div>
          <div style={{ fontSize: 128, fontWeight: 700, letterSpacing: -4, lineHeight: 1.15 }}>
            {content.amount}
          </div>
          {description && (
            <div style={{ display: "block", fontSize: 40, color: "#334155", lineClamp: 2, lineHeight: 1.3 }}>
              {description}
            </div>
          )}
        </div>
      </div>
    </div>,
    {
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      fonts,
      // Asked once a draw for each different emoji; other scripts Inter lacks get nothing, as before.
      loadAdditionalAsset: async (code, segment) => (code === "emoji" && emojiDataUrl(segment)) || [],
    },
  );
  // Every text is already paths (satori embeds the glyphs): no system fonts to look up.
  return new Resvg(svg, { fitTo: { mode: "original" }, font: { loadSystemFonts: false } }).render().asPng();
}
