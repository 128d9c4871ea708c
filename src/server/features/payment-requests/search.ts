import { ilike, or, type SQL, sql } from "drizzle-orm";
import { paymentRequests } from "../../db/schema";

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

const folded = (column: SQL | typeof paymentRequests.recipientName) =>
  sql`translate(${column}, ${FROM}, ${TO})`;

/** `%text%` with the LIKE wildcards taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`;

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

/**
 * Archive's search: the name or description, accents and case ignored, or the phone when the
 * search is a number ("555-0144" finds 2125550144).
 */
export function searchWhere(q: string): SQL | undefined {
  const pattern = contains(foldAccents(q));
  const digits = phoneDigits(q);
  return or(
    ilike(folded(paymentRequests.recipientName), pattern),
    ilike(folded(sql`coalesce(${paymentRequests.description}, '')`), pattern),
    digits ? sql`${paymentRequests.recipientPhone} LIKE ${contains(digits)}` : undefined,
  );
}
