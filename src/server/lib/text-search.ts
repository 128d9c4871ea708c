import { ilike, type SQL, type SQLWrapper, sql } from "drizzle-orm";

/**
 * Accented Latin letters and their plain letter, one for one, as PostgreSQL's translate() takes
 * them: PGlite has no `unaccent`, and this fold needs no extension and no extra column. Built
 * from Unicode's own decomposition (NFD) over Latin-1 and Latin Extended-A/B, plus the few
 * letters with a stroke that do not decompose.
 */
function foldTable(): [string, string] {
  let from = "";
  let to = "";
  for (let code = 0xc0; code <= 0x24f; code += 1) {
    const ch = String.fromCharCode(code);
    const plain = ch.normalize("NFD").replace(/\p{M}/gu, "");
    if (plain !== ch && /^[A-Za-z]$/.test(plain)) {
      from += ch;
      to += plain;
    }
  }
  return [`${from}ØøŁłĐđ`, `${to}OoLlDd`];
}

const [FROM, TO] = foldTable();
const FOLD = new Map([...FROM].map((ch, i) => [ch, TO[i] as string]));

/** The search text folded as the column is: "Zoë" → "Zoe", so "zoe" and "zoë" find both. */
export function foldAccents(text: string): string {
  return [...text].map((ch) => FOLD.get(ch) ?? ch).join("");
}

/** `%text%` with the LIKE wildcards taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`;

/** True where `column`, accents and case ignored, contains `q`. */
export const foldedContains = (column: SQLWrapper, q: string): SQL =>
  ilike(sql`translate(${column}, ${FROM}, ${TO})`, contains(foldAccents(q)));

/** True where a digits-only phone column contains the digits of a number-like `q`. */
export function phoneContains(column: SQLWrapper, q: string): SQL | undefined {
  const digits = phoneDigits(q);
  return digits ? sql`${column} LIKE ${contains(digits)}` : undefined;
}

/**
 * The digits of a search that reads as (part of) a phone number — only digits, spaces and
 * phone punctuation, at least three digits — without a leading country code 1 on a full number.
 */
export function phoneDigits(q: string): string | null {
  if (!/^[\d\s().+-]+$/.test(q)) return null;
  const digits = q.replace(/\D/g, "");
  if (digits.length < 3) return null;
  return digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
}
