import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { IMAGE_LIMITS } from "#server/limits.ts";
import { drawCard } from "./card";
import { CARD_HEIGHT, CARD_WIDTH, type CardContent } from "./card-content";
import { drawableText, MAX_CARD_EMOJI, twemojiName } from "./card-emoji";
import { createCardPool } from "./card-pool";
import { cardWords } from "./preview";

const content = (description: string, name = "Sam Lee"): CardContent => ({
  name,
  photo: null,
  amount: "$42.00",
  description,
  paid: false,
  words: cardWords("en"),
});

/**
 * Pixels of the card's text column (right of the avatar) in an emoji's warm colours: red well
 * above blue. The card's own colours there (mint background, slate text) have none.
 */
async function warmPixels(png: Buffer): Promise<number> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  expect([info.width, info.height]).toEqual([CARD_WIDTH, CARD_HEIGHT]);
  let count = 0;
  for (let y = 0; y < info.height; y++) {
    for (let x = 420; x < info.width; x++) {
      const i = (y * info.width + x) * info.channels;
      const [r, g, b] = [data[i] as number, data[i + 1] as number, data[i + 2] as number];
      if (r > 180 && r - b > 90 && g > 60) count++;
    }
  }
  return count;
}

describe("emoji on link-preview cards (issue 23 item 18)", () => {
  it("names each emoji's file as Twemoji does", () => {
    expect(twemojiName("🌮")).toBe("1f32e");
    expect(twemojiName("🍻")).toBe("1f37b");
    // The variation selector is dropped from a single emoji, kept in a ZWJ sequence.
    expect(twemojiName("❤️")).toBe("2764");
    expect(twemojiName("🏳️‍🌈")).toBe("1f3f3-fe0f-200d-1f308");
    expect(twemojiName("👨‍👩‍👧")).toBe("1f468-200d-1f469-200d-1f467");
    expect(twemojiName("👍🏽")).toBe("1f44d-1f3fd");
    expect(twemojiName("🇺🇸")).toBe("1f1fa-1f1f8");
  });

  it("keeps every emoji Twemoji draws, sequences whole, and leaves out only what it cannot", () => {
    expect(drawableText("Tacos 🌮 and 🍻  ")).toBe("Tacos 🌮 and 🍻");
    expect(drawableText("Pride 🏳️‍🌈 👨‍👩‍👧 👍🏽 🇺🇸 ❤️")).toBe("Pride 🏳️‍🌈 👨‍👩‍👧 👍🏽 🇺🇸 ❤️");
    // An unassigned code point in the pictographic range: no file, so no empty box.
    expect(drawableText("Soon \u{1FAFF} here")).toBe("Soon here");
    // Past what two lines can show, emoji are cut: a card paints at most MAX_CARD_EMOJI of them.
    expect([...drawableText("🌮".repeat(200))]).toHaveLength(MAX_CARD_EMOJI);
  });

  it("draws 🌮 and 🍻 in colour where the card used to leave them out", async () => {
    const plain = await warmPixels(await drawCard(content("Tacos and beers"), null));
    const withEmoji = await warmPixels(await drawCard(content("Tacos 🌮🌮 and beers 🍻🍻"), null));
    const inName = await warmPixels(await drawCard(content("Tacos", "Sam 🌮 Lee"), null));
    expect(plain).toBe(0);
    // Each emoji is 40 px of mostly yellow and orange: thousands of pixels for four of them.
    expect(withEmoji).toBeGreaterThan(2_000);
    expect(inName).toBeGreaterThan(500);
  });

  it("draws a note of 200 different emoji on the card pool within its time and memory bounds", async () => {
    // 200 emoji from the faces and the food-and-objects blocks: 200 files, each read once.
    const emoji = [...Array(200)].map((_, i) =>
      String.fromCodePoint(i < 80 ? 0x1f600 + i : 0x1f300 + (i - 80)),
    );
    // The real pool's heap; time measured here against its budget, after a first draw has
    // started the thread (from the sources a thread loads TypeScript first: seconds on a busy machine).
    const pool = createCardPool({ ...IMAGE_LIMITS, cardDrawBudgetMs: 60_000 });
    try {
      await pool.draw(content("Tacos"), null);
      const started = performance.now();
      const png = await pool.draw(content(emoji.join("")), null);
      const took = performance.now() - started;
      expect(took).toBeLessThan(IMAGE_LIMITS.cardDrawBudgetMs);
      expect(await warmPixels(png)).toBeGreaterThan(2_000);
      expect(png.length).toBeLessThan(300 * 1024);
    } finally {
      await pool.close();
    }
  }, 30_000);
});
