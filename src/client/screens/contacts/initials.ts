/** A word's first letter or digit; punctuation such as quotes or brackets is skipped. */
function firstLetter(word: string): string {
  return /[\p{L}\p{N}]/u.exec(word)?.[0] ?? "";
}

/**
 * A contact's initials from the first and last name: "Mary Ann Smith" → "MS", "Cher" → "C",
 * "“Big” Mike" → "BM". Words without a letter or digit ("-", "&") are not names.
 */
export function initials(name: string): string {
  const words = name.split(/\s+/).filter((word) => firstLetter(word) !== "");
  const first = words[0];
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return [first, last]
    .map((word) => firstLetter(word ?? "").toLocaleUpperCase())
    .map((letter) => [...letter][0] ?? "")
    .join("");
}
