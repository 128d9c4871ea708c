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
    .replace(/[ßæÆœŒøØłŁđĐðÐþÞı]/g, (c) => SPELLED[c] ?? "")
    .replace(/[‘’‚′]/g, "'")
    .replace(/[“”„″]/g, '"')
    .replace(/[‐‑‒–—―]/g, "-")
    .replace(/…/g, "...")
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
