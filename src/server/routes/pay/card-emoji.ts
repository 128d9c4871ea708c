import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";

const require = createRequire(import.meta.url);

const ZWJ = "\u200d";
const VS16 = /\ufe0f/g;

/**
 * Twemoji's file name for an emoji (as its own parser names them): the code points in hex joined
 * by "-", with the emoji variation selector U+FE0F dropped unless the emoji is a ZWJ sequence.
 * "🌮" → "1f32e", "❤️" → "2764", "🏳️‍🌈" → "1f3f3-fe0f-200d-1f308".
 */
export function twemojiName(emoji: string): string {
  const text = emoji.includes(ZWJ) ? emoji : emoji.replace(VS16, "");
  return [...text].map((c) => (c.codePointAt(0) as number).toString(16)).join("-");
}

let folder: { dir: string; names: Set<string> } | undefined;
/** The package's folder and the names of its files, read once per thread (~3,700 names). */
function twemoji() {
  if (!folder) {
    const dir = path.dirname(require.resolve("@twemoji/svg/package.json"));
    const names = new Set(
      readdirSync(dir)
        .filter((f) => f.endsWith(".svg"))
        .map((f) => f.slice(0, -4)),
    );
    folder = { dir, names };
  }
  return folder;
}

/** The file of an emoji, or null when Twemoji has none (a newer emoji, or text that is not one). */
function fileOf(emoji: string): string | null {
  const { names } = twemoji();
  // A ZWJ sequence written without its selectors (or with extra ones) still finds its file.
  for (const name of [twemojiName(emoji), twemojiName(emoji.replace(VS16, ""))]) {
    if (name && names.has(name)) return name;
  }
  return null;
}

/**
 * The side emoji are painted at before the card scales them (the card's largest text is 48 px).
 * Painted once as PNG: resvg took ~50 ms for each SVG image nested in the card (40 emoji: 2.9 s,
 * past the pool's 5 s budget with the rest), and ~2 ms to paint one alone.
 */
const EMOJI_SIDE = 96;

/**
 * Painted emoji as data URLs, at most MAX_CACHED of them (the oldest leave first): a card with
 * 40 different emoji reads each file once, and a thread never holds more than ~1.5 MB of them.
 */
const MAX_CACHED = 256;
const cache = new Map<string, string | null>();

/** An emoji as the data URL satori draws (its `loadAdditionalAsset` for "emoji"), or null. */
export function emojiDataUrl(emoji: string): string | null {
  const cached = cache.get(emoji);
  if (cached !== undefined) return cached;
  const name = fileOf(emoji);
  let url: string | null = null;
  if (name) {
    const svg = readFileSync(path.join(twemoji().dir, `${name}.svg`));
    const png = new Resvg(svg, {
      fitTo: { mode: "width", value: EMOJI_SIDE },
      font: { loadSystemFonts: false },
    })
      .render()
      .asPng();
    url = `data:image/png;base64,${png.toString("base64")}`;
  }
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
  cache.set(emoji, url);
  return url;
}

const PICTOGRAPH = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;
const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/**
 * The most emoji a text keeps on the card: each is an image of the card, and 40 of them are wider
 * than the two lines the note may take (40 px each, on ~700 px lines), so what is cut after them
 * was never visible, and a note of 200 different emoji paints no more than 40.
 */
export const MAX_CARD_EMOJI = 40;

/**
 * `text` with every emoji Twemoji can draw kept and any other pictograph left out (it would draw
 * as an empty box: no font on the card has it), spaces collapsed, and cut after MAX_CARD_EMOJI emoji.
 */
export function drawableText(text: string): string {
  let out = "";
  let emoji = 0;
  for (const { segment } of graphemes.segment(text)) {
    if (!PICTOGRAPH.test(segment)) out += segment;
    else if (fileOf(segment)) {
      out += segment;
      if (++emoji === MAX_CARD_EMOJI) break;
    }
  }
  return out.replace(/\s+/g, " ").trim();
}
