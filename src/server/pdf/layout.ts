import bidiFactory from "bidi-js";
import type { FaceKey } from "./fonts";

const bidi = bidiFactory();

/** A piece of a line drawn in one face, in the order it stands on the page (left to right). */
export type Run = { text: string; face: FaceKey; level: number };

/**
 * A line of text as it is drawn: its characters split into runs by the face that has their glyphs,
 * then put in visual order by the Unicode bidirectional algorithm (UAX #9, bidi-js), so an Arabic
 * sentence reads right to left with "$1,450.00" and "Maria" inside it left to right.
 *
 * A character keeps the previous character's face when that face has it (spaces and punctuation
 * stay inside their word's run, and Arabic letters keep joining across them), else takes the
 * first face in `faces` that has it. A right-to-left run in the Arabic face has its words put
 * right to left here, each word's letters left to the shaping engine (fontkit, under pdfkit),
 * which joins and reverses them. Any other right-to-left run (a bracket, a colon in an Arabic
 * sentence) is reversed and mirrored here.
 */
export function visualRuns(
  text: string,
  direction: "ltr" | "rtl",
  has: (face: FaceKey, codePoint: number) => boolean,
  faces: readonly FaceKey[],
): Run[] {
  if (text === "") return [];
  const { levels } = bidi.getEmbeddingLevels(text, direction);
  const logical: (Run & { start: number })[] = [];
  let previous: FaceKey | null = null;
  for (let i = 0; i < text.length; ) {
    const codePoint = text.codePointAt(i) as number;
    const width = codePoint > 0xffff ? 2 : 1;
    const face: FaceKey =
      previous && has(previous, codePoint)
        ? previous
        : (faces.find((each) => has(each, codePoint)) ?? faces[0] ?? "latin");
    const level = levels[i] ?? 0;
    const last = logical.at(-1);
    if (last && last.face === face && last.level === level) last.text += text.slice(i, i + width);
    else logical.push({ text: text.slice(i, i + width), face, level, start: i });
    previous = face;
    i += width;
  }
  // UAX #9 rule L2: from the highest level down to the lowest odd one, reverse every stretch of
  // runs at that level or above.
  const runs = logical.map(({ start: _start, ...run }) => run);
  const highest = Math.max(...runs.map((run) => run.level));
  const lowestOdd = Math.min(
    ...runs.map((run) => (run.level % 2 === 1 ? run.level : Number.POSITIVE_INFINITY)),
  );
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < runs.length; ) {
      if ((runs[i]?.level ?? 0) < level) {
        i++;
        continue;
      }
      let end = i;
      while (end + 1 < runs.length && (runs[end + 1]?.level ?? 0) >= level) end++;
      runs.splice(i, end - i + 1, ...runs.slice(i, end + 1).reverse());
      i = end + 1;
    }
  }
  return runs
    .map((run) => ({ ...run, text: run.text.replace(BIDI_MARKS, "") }))
    .filter((run) => run.text !== "")
    .map((run) => {
      // fontkit lays out anything in the Arabic script right to left, its digits (١٢٣) too: a
      // left-to-right word of them is handed over reversed, to come out in order.
      if (run.level % 2 === 0)
        return run.face === "arabic"
          ? {
              ...run,
              text: run.text
                .split(/( +)/)
                .map((word) => (ARABIC.test(word) ? Array.from(word).reverse().join("") : word))
                .join(""),
            }
          : run;
      // pdfkit lays a run out word by word, each word shaped (and, in Arabic, reversed) by fontkit:
      // the words themselves are put right to left here.
      if (run.face === "arabic") return { ...run, text: run.text.split(/( +)/).reverse().join("") };
      const reversed = Array.from(run.text)
        .reverse()
        .map((char) => bidi.getMirroredCharacter(char) ?? char);
      return { ...run, text: reversed.join("") };
    });
}

/**
 * Marks that only steer the bidirectional algorithm (Intl puts them in Arabic dates and amounts):
 * they count for the levels above, and are not drawn (no face has a glyph for them).
 */
const BIDI_MARKS = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g;
/** Characters fontkit shapes as Arabic script (right to left). */
const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/u;

/**
 * Text broken into lines no wider than `width` (`measure` gives a piece's width), at spaces; a
 * word wider than a whole line is cut where it must be. Lines are in logical order, each laid out
 * on its own by visualRuns.
 */
export function wrapText(text: string, width: number, measure: (piece: string) => number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    for (const word of paragraph.split(" ")) {
      const tried = line === "" ? word : `${line} ${word}`;
      if (measure(tried) <= width) {
        line = tried;
        continue;
      }
      if (line !== "") lines.push(line);
      line = word;
      // Counted in characters, not UTF-16 units: one emoji is one, and is never split.
      while (measure(line) > width && Array.from(line).length > 1) {
        const chars = Array.from(line);
        let cut = chars.length - 1;
        while (cut > 1 && measure(chars.slice(0, cut).join("")) > width) cut--;
        lines.push(chars.slice(0, cut).join(""));
        line = chars.slice(cut).join("");
      }
    }
    lines.push(line);
  }
  return lines;
}
