/**
 * An amount as a person typed it, read as the decimal text the schemas take. Imports nothing, so
 * the pay page's small script (pay-page/pay-script.ts) reads a payer's "I paid 12,50" exactly as
 * the server and the app's forms do.
 */

/** The decimal mark of an Intl locale's numbers: "," in "de-DE", "." in "en-US" or "hi-IN". */
export function decimalMarkIn(locale: string): "." | "," {
  const mark = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === "decimal");
  return mark?.value === "," ? "," : ".";
}

/**
 * What a person typed into an amount field, as the decimal text the schemas read: "$" and
 * spaces dropped, "1,250" and "$1,234.50" read with thousands separators, "12,50" and "12,5"
 * with a decimal comma (a comma with one or two digits after it, and no other separator),
 * ".5" → "0.5", "5." → "5". Anything else ("1,2,3", "1.250,50", "12,500.5,0") comes back as
 * typed, so the schema refuses it with the amount message: never a guess.
 */
export function typedAmount(input: string, decimalMark: "." | "," = "."): string {
  if (decimalMark === ",") return typedWithDecimalComma(input);
  const text = input.trim().replace(/^\$\s*/, "");
  const thousands = /^\d{1,3}(?:,\d{3})+(?:\.\d*)?$/.test(text);
  const decimalComma = /^\d*,\d{1,2}$/.test(text);
  const plain = thousands ? text.replaceAll(",", "") : decimalComma ? text.replace(",", ".") : text;
  return plain.replace(/^\./, "0.").replace(/(\d)\.$/, "$1");
}

/**
 * An amount as typed where the comma is the decimal mark (de, es, fr, pt-BR, sv…): "12,50" →
 * "12.50", "1.250,00" and "1 250,00" → "1250.00", "1.250" → "1250" (a point groups thousands
 * there). Anything else comes back as typed, to be refused.
 */
function typedWithDecimalComma(input: string): string {
  const text = input.trim().replace(/^[^\d,.]+|[^\d,.]+$/gu, "");
  const grouped = /^\d{1,3}(?:[.\s\u00a0\u202f]\d{3})+(?:,\d*)?$/u.test(text);
  const plain = grouped ? text.replace(/[.\s\u00a0\u202f]/gu, "") : text;
  if (!/^\d*(?:,\d*)?$/.test(plain)) return input.trim();
  return plain
    .replace(",", ".")
    .replace(/^\./, "0.")
    .replace(/(\d)\.$/, "$1");
}
