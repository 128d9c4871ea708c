import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { inflateSync } from "node:zlib";
import * as fontkit from "fontkit";

const require = createRequire(import.meta.url);

/**
 * The faces a PDF is drawn in, in the order a character looks for its glyph: Inter for Latin
 * (and its extended letters, the € and ₹ signs), Noto Sans Arabic and Noto Sans Devanagari for
 * the languages Collect speaks in those scripts. Fontsource's per-script files: a document embeds
 * only the glyphs it uses (pdfkit subsets each face).
 */
export const FACES = [
  { key: "latin", file: (weight: number) => `@fontsource/inter/files/inter-latin-${weight}-normal.woff` },
  {
    key: "latin-ext",
    file: (weight: number) => `@fontsource/inter/files/inter-latin-ext-${weight}-normal.woff`,
  },
  {
    key: "arabic",
    file: (weight: number) =>
      `@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-${weight}-normal.woff`,
  },
  {
    key: "devanagari",
    file: (weight: number) =>
      `@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-${weight}-normal.woff`,
  },
] as const;

export type FaceKey = (typeof FACES)[number]["key"];
export type Weight = 400 | 700;

export type LoadedFace = { key: FaceKey; weight: Weight; name: string; data: Buffer; font: fontkit.Font };

let loaded: Promise<LoadedFace[]> | null = null;

/** Every face in both weights, read once per process. */
export function loadFaces(): Promise<LoadedFace[]> {
  loaded ??= Promise.all(
    FACES.flatMap((face) =>
      ([400, 700] as const).map(async (weight) => {
        const data = sfntFromWoff(await readFile(require.resolve(face.file(weight))));
        return { key: face.key, weight, name: `${face.key}-${weight}`, data, font: fontkit.create(data) };
      }),
    ),
  );
  loaded.catch(() => {
    loaded = null;
  });
  return loaded;
}

/**
 * A WOFF 1.0 file as the plain TrueType/OpenType font it wraps (W3C WOFF File Format 1.0, §4–5):
 * each table inflated once. fontkit reads a WOFF's tables by inflating them again on every read,
 * and embedding a face reads its glyphs one by one: an Arabic receipt took 600 ms that way
 * (measured in this session; see docs/decisions/036-pdf-documents.md).
 */
export function sfntFromWoff(woff: Buffer): Buffer {
  const broken = (why: string) => new Error(`not a WOFF 1.0 font: ${why}`);
  if (woff.length < 44 || woff.toString("latin1", 0, 4) !== "wOFF") throw broken("no WOFF header");
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  if (count === 0 || 44 + count * 20 > woff.length) throw broken("its table directory");
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compressed = woff.readUInt32BE(at + 8);
    const length = woff.readUInt32BE(at + 12);
    // §5: a table is stored as it is (equal lengths) or zlib-compressed to fewer bytes.
    if (compressed > length || offset + compressed > woff.length) throw broken("a table's lengths");
    const stored = woff.subarray(offset, offset + compressed);
    const data = compressed < length ? inflateSync(stored, { maxOutputLength: length }) : stored;
    if (data.length !== length) throw broken("a table that inflates to another length");
    return { tag: woff.subarray(at, at + 4), checksum: woff.readUInt32BE(at + 16), data };
  });
  const pad = (n: number) => (n + 3) & ~3;
  const header = 12 + 16 * count;
  const out = Buffer.alloc(header + tables.reduce((sum, table) => sum + pad(table.data.length), 0));
  const power = 2 ** Math.floor(Math.log2(count));
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(count, 4);
  out.writeUInt16BE(power * 16, 6);
  out.writeUInt16BE(Math.log2(power), 8);
  out.writeUInt16BE(count * 16 - power * 16, 10);
  let offset = header;
  for (const [i, table] of tables.entries()) {
    const at = 12 + i * 16;
    table.tag.copy(out, at);
    out.writeUInt32BE(table.checksum, at + 4);
    out.writeUInt32BE(offset, at + 8);
    out.writeUInt32BE(table.data.length, at + 12);
    table.data.copy(out, offset);
    offset += pad(table.data.length);
  }
  return out;
}
