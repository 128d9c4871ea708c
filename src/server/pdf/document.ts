import PDFDocument from "pdfkit";
import { type FaceKey, type LoadedFace, loadFaces, type Weight } from "./fonts";
import { type Run, visualRuns, wrapText } from "./layout";

/** A4 in points, and the margin on every side. */
const PAGE = { width: 595.28, height: 841.89, margin: 56 };
const INK = "#0f172a";
export const MUTED = "#475569";

/** One cell of a table row: its text, its share of the width, and which side it keeps to. */
export type Cell = { text: string; share: number; end?: boolean; bold?: boolean };

type Style = { size?: number; bold?: boolean; color?: string; end?: boolean; after?: number };

/**
 * A page writer on pdfkit for Collect's documents (receipts, statements): lines that wrap, table
 * rows, rules, new pages as they fill, every text laid out by visualRuns in the faces of
 * fonts.ts, so the same code writes English, Hindi and Arabic (right to left: lines start on the
 * right, table columns run from the right).
 */
export class PdfWriter {
  private y = PAGE.margin;
  private readonly left = PAGE.margin;
  private readonly width = PAGE.width - 2 * PAGE.margin;
  private readonly faces: readonly FaceKey[];
  private readonly widths = new Map<string, number>();

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly loaded: LoadedFace[],
    private readonly direction: "ltr" | "rtl",
  ) {
    // Arabic digits and punctuation in an Arabic document come from Latin first, like a browser's.
    this.faces = ["latin", "latin-ext", "arabic", "devanagari"];
  }

  private has = (face: FaceKey, codePoint: number) =>
    this.loaded.some((each) => each.key === face && each.font.hasGlyphForCodePoint(codePoint));

  private use(face: FaceKey, bold: boolean, size: number) {
    this.doc.font(`${face}-${bold ? 700 : 400}`).fontSize(size);
  }

  /**
   * A run's pieces: its words, each with its width, and the spaces between them as Latin spaces
   * (pdfkit gives a space inside an Arabic run no width).
   */
  private pieces(run: Run, size: number, bold: boolean) {
    return run.text
      .split(/( +)/)
      .filter((piece) => piece !== "")
      .map((piece) => {
        const space = piece.startsWith(" ");
        const face = space ? "latin" : run.face;
        // Wrapping and fitting measure the same words again and again: each is shaped once.
        const key = `${face}|${bold}|${size}|${piece}`;
        let width = this.widths.get(key);
        if (width === undefined) {
          this.use(face, bold, size);
          width = this.doc.widthOfString(piece);
          this.widths.set(key, width);
        }
        return { piece, space, width };
      });
  }

  /** The width `text` takes on one line. */
  measure(text: string, size: number, bold = false): number {
    return visualRuns(text, this.direction, this.has, this.faces)
      .flatMap((run) => this.pieces(run, size, bold))
      .reduce((sum, piece) => sum + piece.width, 0);
  }

  /** Draws one line within [x, x + width], at the start or the end of the reading direction. */
  private drawLine(
    text: string,
    x: number,
    width: number,
    style: Required<Pick<Style, "size" | "bold" | "color">> & { end: boolean },
  ) {
    const used = this.measure(text, style.size, style.bold);
    const atRight = (this.direction === "rtl") !== style.end;
    let cursor = atRight ? x + width - used : x;
    this.doc.fillColor(style.color);
    for (const run of visualRuns(text, this.direction, this.has, this.faces)) {
      for (const { piece, space, width } of this.pieces(run, style.size, style.bold)) {
        if (!space) {
          this.use(run.face, style.bold, style.size);
          // On one baseline, whatever each face's ascent: Arabic and Latin sit on the same line.
          this.doc.text(piece, cursor, this.y + style.size, { lineBreak: false, baseline: "alphabetic" });
        }
        cursor += width;
      }
    }
  }

  private room(height: number) {
    if (this.y + height <= PAGE.height - PAGE.margin) return;
    this.doc.addPage();
    this.y = PAGE.margin;
  }

  /** A paragraph: wrapped to the page's width, each line laid out on its own. */
  text(text: string, style: Style = {}) {
    const size = style.size ?? 11;
    const bold = style.bold ?? false;
    const lineHeight = size * 1.5;
    for (const line of wrapText(text, this.width, (piece) => this.measure(piece, size, bold))) {
      this.room(lineHeight);
      this.drawLine(line, this.left, this.width, {
        size,
        bold,
        color: style.color ?? INK,
        end: style.end ?? false,
      });
      this.y += lineHeight;
    }
    this.y += style.after ?? 4;
  }

  /**
   * A table row: cells side by side in reading order (the first on the right in Arabic), each cut
   * with "…" where it would not fit its share.
   */
  row(cells: Cell[], style: { size?: number; color?: string } = {}) {
    const size = style.size ?? 10;
    const lineHeight = size * 1.7;
    this.room(lineHeight);
    const total = cells.reduce((sum, cell) => sum + cell.share, 0);
    let offset = 0;
    for (const cell of cells) {
      const width = (this.width * cell.share) / total;
      const x = this.direction === "rtl" ? this.left + this.width - offset - width : this.left + offset;
      const fitted = this.fit(cell.text, width - 6, size, cell.bold ?? false);
      this.drawLine(fitted, x, width - 6, {
        size,
        bold: cell.bold ?? false,
        color: style.color ?? INK,
        end: cell.end ?? false,
      });
      offset += width;
    }
    this.y += lineHeight;
  }

  /** `text`, or its longest start that fits with "…" after it (a binary search: a few measures). */
  private fit(text: string, width: number, size: number, bold: boolean): string {
    if (this.measure(text, size, bold) <= width) return text;
    const chars = Array.from(text);
    let [low, high] = [1, chars.length - 1];
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (this.measure(`${chars.slice(0, mid).join("")}…`, size, bold) <= width) low = mid;
      else high = mid - 1;
    }
    return `${chars.slice(0, low).join("")}…`;
  }

  /** A thin line across the page, with room around it. */
  rule() {
    this.room(12);
    this.y += 4;
    this.doc
      .moveTo(this.left, this.y)
      .lineTo(this.left + this.width, this.y)
      .lineWidth(0.5)
      .strokeColor("#cbd5e1")
      .stroke();
    this.y += 8;
  }

  space(points: number) {
    this.y += points;
  }
}

/**
 * A whole document as bytes: `title` and `lang` go into its metadata (a screen reader and a
 * search read them), then `write` fills its pages.
 */
export async function pdfDocument(
  meta: { title: string; lang: string; direction: "ltr" | "rtl" },
  write: (writer: PdfWriter) => void,
): Promise<Buffer> {
  const faces = await loadFaces();
  const latin = faces.find((face) => face.key === "latin" && face.weight === 400) as LoadedFace;
  // Inter as the starting face, so pdfkit never reaches for its built-in Helvetica files. The
  // faces go in parsed (fontkit's objects, made once per process), not as bytes to parse again for
  // every document.
  const doc = new PDFDocument({
    size: "A4",
    margin: PAGE.margin,
    font: latin.font as unknown as string,
    lang: meta.lang,
    displayTitle: true,
    info: { Title: meta.title, Creator: "Collect", Producer: "Collect" },
    compress: true,
  });
  for (const face of faces) doc.registerFont(face.name, face.font as unknown as Buffer);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  write(new PdfWriter(doc, faces, meta.direction));
  doc.end();
  return done;
}

export type { Weight };
