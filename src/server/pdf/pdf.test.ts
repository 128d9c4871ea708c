import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pdfText } from "#server/test/pdf-text.ts";
import { type FaceKey, loadFaces, sfntFromWoff } from "./fonts";
import { visualRuns, wrapText } from "./layout";
import { receiptPdf } from "./receipt";
import { statementPdf } from "./statement";

/** Writes the document where PDF_OUT says, to look at (pdftoppm renders it). */
function keep(name: string, pdf: Buffer) {
  if (process.env.PDF_OUT) writeFileSync(path.join(process.env.PDF_OUT, name), pdf);
}

// A face per script, as fonts.ts has them: Latin for ASCII, Arabic and Devanagari for theirs.
const has = (face: FaceKey, codePoint: number) =>
  face === "arabic"
    ? (codePoint >= 0x600 && codePoint <= 0x6ff) || codePoint === 0x20
    : face === "devanagari"
      ? codePoint >= 0x900 && codePoint <= 0x97f
      : codePoint < 0x250 || codePoint === 0x20ac;
const FACES: FaceKey[] = ["latin", "latin-ext", "arabic", "devanagari"];
/** As `has`, with the Arabic face holding the Arabic-Indic digits (٠–٩) and no other face. */
const hasArabicDigits = (face: FaceKey, codePoint: number) =>
  codePoint >= 0x660 && codePoint <= 0x669 ? face === "arabic" : has(face, codePoint);
/** The characters left to right as they land on the page: the shaper reverses each right-to-left Arabic word. */
const drawn = (runs: ReturnType<typeof visualRuns>) =>
  runs
    .map((run) =>
      run.face === "arabic"
        ? run.text
            .split(/( +)/)
            .map((word) => Array.from(word).reverse().join(""))
            .join("")
        : run.text,
    )
    .join("");

describe("a WOFF face unwrapped once", () => {
  it("is the same font: its glyphs, as plain OpenType", async () => {
    const woff = readFileSync(
      createRequire(import.meta.url).resolve(
        "@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff",
      ),
    );
    const sfnt = sfntFromWoff(woff);
    expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4));
    expect(sfnt.readUInt16BE(4)).toBe(woff.readUInt16BE(12));
    // Read by fontkit from the unwrapped bytes (fonts.ts): Arabic letters, no Latin ones.
    const arabic = (await loadFaces()).find((face) => face.key === "arabic" && face.weight === 400);
    expect(arabic?.data.equals(sfnt)).toBe(true);
    expect(arabic?.font.hasGlyphForCodePoint(0x0628)).toBe(true);
    expect(arabic?.font.hasGlyphForCodePoint(0x0041)).toBe(false);
    expect(() => sfntFromWoff(Buffer.from("not a font at all, not at all"))).toThrow("not a WOFF 1.0 font");
    // A table that claims more bytes than the file has.
    const cut = Buffer.from(woff.subarray(0, 44 + 20 * woff.readUInt16BE(12) + 10));
    expect(() => sfntFromWoff(cut)).toThrow("a table's lengths");
  });
});

describe("a line laid out for drawing", () => {
  it("keeps a left-to-right line in one run per face", () => {
    expect(visualRuns("Receipt: $1,450.00", "ltr", has, FACES)).toEqual([
      { text: "Receipt: $1,450.00", face: "latin", level: 0 },
    ]);
    // Punctuation and a sign no face has (drawn as a box) stay with the run they follow.
    expect(visualRuns("रसीद: ₹500", "ltr", has, FACES).map((run) => run.face)).toEqual([
      "devanagari",
      "latin",
    ]);
  });

  it("puts an Arabic sentence right to left, with a name and an amount inside it left to right", () => {
    const runs = visualRuns("دفعه: Maria Lopez بقيمة 1,450.00", "rtl", has, FACES);
    // Left to right on the page: the amount, then "بقيمة", the name, and "دفعه:" at the right end.
    expect(drawn(runs)).toBe("1,450.00 ةميقب Maria Lopez :هعفد");
    // The Arabic runs go to the shaping engine in reading order (it joins and reverses them).
    expect(runs.filter((run) => run.face === "arabic").every((run) => run.level % 2 === 1)).toBe(true);
  });

  it("mirrors a bracket in a right-to-left run it draws itself", () => {
    expect(drawn(visualRuns("طلب (Maria)", "rtl", has, FACES))).toBe("(Maria) بلط");
  });

  it("keeps Arabic-Indic digits in order inside an Arabic sentence", () => {
    // "Rent 123" in Arabic digits: the number reads ١٢٣ left to right, at the sentence's left end.
    expect(drawn(visualRuns("إيجار ١٢٣", "rtl", hasArabicDigits, FACES))).toBe("١٢٣ راجيإ");
  });

  it("never splits an emoji, and ends on a line narrower than one", () => {
    const measure = (piece: string) => Array.from(piece).length * 10;
    expect(wrapText("😀😀", 5, measure)).toEqual(["😀", "😀"]);
  });

  it("wraps at spaces and cuts a word longer than a line", () => {
    const measure = (piece: string) => piece.length * 10;
    expect(wrapText("one two three four", 90, measure)).toEqual(["one two", "three", "four"]);
    expect(wrapText("abcdefghijklmnop", 50, measure)).toEqual(["abcde", "fghij", "klmno", "p"]);
  });
});

const paidRequest = {
  code: "Ab3dE5gH7k",
  recipientName: "Sam Lee",
  amount: "1450.00",
  paidAmount: "1000.00",
  currency: "USD",
  description: "Rent for December",
  status: "paid",
  createdAt: new Date("2026-12-01T15:00:00Z"),
  paidAt: new Date("2026-12-10T18:00:00Z"),
};
const payments = [{ amount: "1000.00", method: "venmo" as const, paidOn: "2026-12-05" }];

describe("a receipt", () => {
  it("says who paid whom, for what, each payment and when it was paid in full", async () => {
    const pdf = await receiptPdf({
      language: "en",
      timeZone: "America/New_York",
      requesterName: "Maria Lopez",
      request: paidRequest,
      payments,
    });
    keep("receipt-en.pdf", pdf);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfText(pdf);
    for (const words of [
      "Receipt",
      "Receipt number: Ab3dE5gH7k",
      "Paid by: Sam Lee",
      "Paid to: Maria Lopez",
      "For: “Rent for December”",
      "Asked on Dec 1, 2026: $1,450.00",
      "Dec 5, 2026",
      "Venmo",
      "$1,000.00",
      // The rest was marked paid, on its day.
      "Marked paid",
      "$450.00",
      "Paid: $1,450.00",
      "Paid in full on Dec 10, 2026.",
      "Collect does not hold or move money",
    ])
      expect(text, words).toContain(words);
  });

  it("of a part payment, says what is left", async () => {
    const pdf = await receiptPdf({
      language: "de",
      timeZone: "Europe/Berlin",
      requesterName: "Maria Lopez",
      request: { ...paidRequest, status: "pending", currency: "EUR", paidAt: null },
      payments: [{ amount: "1000.00", method: null, paidOn: "2026-12-05" }],
    });
    keep("receipt-de.pdf", pdf);
    const text = await pdfText(pdf);
    expect(text).toContain("Quittung");
    expect(text).toContain("Bezahlt: 1.000,00 €");
    expect(text).toContain("Noch offen: 450,00 €");
    expect(text).not.toContain("Marked paid");
    // Cancelled after a part payment: nothing is left to pay.
    const cancelled = await pdfText(
      await receiptPdf({
        language: "en",
        timeZone: "UTC",
        requesterName: "Maria Lopez",
        request: { ...paidRequest, status: "cancelled", paidAt: null },
        payments,
      }),
    );
    expect(cancelled).toContain("The rest was cancelled: nothing more is asked.");
    expect(cancelled).not.toContain("Left to pay");
  });

  it("in Hindi and in Arabic, in their own scripts", async () => {
    const facts = {
      timeZone: "Asia/Kolkata",
      requesterName: "Maria Lopez",
      request: { ...paidRequest, currency: "INR" },
      payments: [{ amount: "1000.00", method: "upi" as const, paidOn: "2026-12-05" }],
    };
    const hindi = await receiptPdf({ ...facts, language: "hi" });
    keep("receipt-hi.pdf", hindi);
    const hindiText = await pdfText(hindi);
    expect(hindiText).toContain("Maria Lopez");
    expect(hindiText).toMatch(/[\u0900-\u097f]/);
    const arabic = await receiptPdf({ ...facts, language: "ar" });
    keep("receipt-ar.pdf", arabic);
    const arabicText = await pdfText(arabic);
    expect(arabicText).toContain("Sam Lee");
    expect(arabicText).toMatch(/[\u0600-\u06ff]/);
  });
});

describe("a statement", () => {
  it("lists each request with what was asked, paid and is left, and totals per currency", async () => {
    const pdf = await statementPdf({
      language: "en",
      timeZone: "America/New_York",
      requesterName: "Maria Lopez",
      person: { name: "Sam Lee", phone: "(212) 555-0101" },
      today: new Date("2026-12-20T15:00:00Z"),
      rows: [
        {
          createdAt: new Date("2026-11-01T15:00:00Z"),
          description: "Rent November",
          amount: "1450.00",
          paid: "1450.00",
          currency: "USD",
        },
        {
          createdAt: new Date("2026-12-01T15:00:00Z"),
          description: "Rent December",
          amount: "1450.00",
          paid: "1000.00",
          currency: "USD",
        },
        {
          createdAt: new Date("2026-12-03T15:00:00Z"),
          description: null,
          amount: "40.00",
          paid: "0",
          currency: "EUR",
        },
      ],
      totals: [
        { currency: "USD", count: 3, asked: "3900.00", paid: "2450.00" },
        { currency: "EUR", count: 1, asked: "40.00", paid: "0.00" },
      ],
    });
    keep("statement-en.pdf", pdf);
    const text = await pdfText(pdf);
    for (const words of [
      "Statement",
      "As of Dec 20, 2026",
      "From: Maria Lopez",
      "To: Sam Lee, (212) 555-0101",
      "In USD",
      "“Rent November”",
      "$450.00",
      // One older USD request is in the total but not listed.
      "1 older request is in the totals, not listed.",
      "$3,900.00",
      "$2,450.00",
      "$1,450.00",
      "In EUR",
      "Payment request",
      "€40.00",
    ])
      expect(text, words).toContain(words);
  });
});
