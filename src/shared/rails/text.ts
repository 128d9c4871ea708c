/** Free text as payment formats take it: one line, a bounded number of characters, at times plain ASCII. */

/** Line breaks, tabs and other control characters become single spaces; the ends are trimmed. */
export function singleLine(text: string): string {
  return text
    .replace(/[\p{Cc}\u2028\u2029]+/gu, " ")
    .replace(/ {2,}/g, " ")
    .trim();
}

/** At most `max` characters (code points, so an emoji is never cut in half), trailing space dropped. */
export function truncate(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : chars.slice(0, max).join("").trimEnd();
}

/** Letters that Unicode decomposition leaves whole but that have a usual ASCII spelling. */
const SPELLED: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  Æ: "AE",
  œ: "oe",
  Œ: "OE",
  ø: "o",
  Ø: "O",
  ł: "l",
  Ł: "L",
  đ: "d",
  Đ: "D",
  ð: "d",
  Ð: "D",
  þ: "th",
  Þ: "Th",
  ı: "i",
};

/**
 * Printable ASCII only (the EMV "ans" character set, 0x20–0x7E): accents dropped ("São João" →
 * "Sao Joao"), ß → ss, typographic quotes and dashes made plain, anything else removed; one line,
 * at most `max` characters.
 */
export function asciiFold(text: string, max: number): string {
  const plain = singleLine(text)
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    // Written as escapes: a non-ASCII character in code would double the server chunk in memory (docs/decisions/018-memory.md).
    .replace(
      /[\u00DF\u00E6\u00C6\u0153\u0152\u00F8\u00D8\u0142\u0141\u0111\u0110\u00F0\u00D0\u00FE\u00DE\u0131]/g,
      (c) => SPELLED[c] ?? "",
    )
    .replace(/[\u2018\u2019\u201A\u2032]/g, "'")
    .replace(/[\u201C\u201D\u201E\u2033]/g, '"')
    .replace(/[\u2010\u2011\u2012\u2013\u2014\u2015]/g, "-")
    .replace(/\u2026/g, "...")
    .replace(/[^\x20-\x7e]/g, "")
    .replace(/ {2,}/g, " ")
    .trim();
  return truncate(plain, max);
}

/**
 * RFC 3986 percent-encoding of a URL component: everything but the unreserved characters
 * (A–Z a–z 0–9 - . _ ~) as UTF-8 %XX, so a space is %20 (never "+") and ! ' ( ) * are encoded too.
 */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
