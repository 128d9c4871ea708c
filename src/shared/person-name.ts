const TITLE = /^(dr|mr|mrs|ms|mx|miss|prof|rev|sr|sra|fr)\.?$/i;

/**
 * What to call a person by their full name: the first word with a letter ("Sam"), and after a
 * title the surname ("Dr. Amara Okafor" → "Dr. Okafor": "Dr." alone names nobody, "Dr. Amara"
 * is no one's usage). Null when no word has a letter ("🎉"). The text's greeting and the pay
 * page ("Robin cancelled this request", "You told Robin you paid") both use it.
 */
export function calledBy(name: string): string | null {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((word) => /\p{L}/u.test(word));
  const [first] = words;
  if (!first) return null;
  return TITLE.test(first) && words.length > 1 ? `${first} ${words.at(-1)}` : first;
}
