/** How many of the most common passwords (zxcvbn-ts's list, most common first) are refused. */
const REFUSED = 10_000;
let common: Promise<Set<string>> | undefined;

export const WEAK_PASSWORD_MESSAGES = {
  common: "This password is one of the 10,000 most common. Please choose one that is harder to guess.",
  trivial: "This password is too easy to guess. Please choose one that is harder to guess.",
} as const;

/**
 * Why a new password is too easy to guess, or null. The list is lower case, so the check is too.
 * It is loaded with the first new password, not at start-up (docs/decisions/017-fast-start-up.md).
 */
export async function weakPasswordProblem(password: string): Promise<string | null> {
  // A CommonJS package: its `default` is its exports, in Node and in the build's chunks alike.
  common ??= import("@zxcvbn-ts/language-common").then(
    ({ default: { dictionary } }) => new Set(dictionary["passwords-common"].slice(0, REFUSED)),
  );
  if ((await common).has(password.toLowerCase())) return WEAK_PASSWORD_MESSAGES.common;
  // Only spaces, or one character repeated ("        ", "aaaaaaaa").
  if (password.trim() === "" || new Set(password).size === 1) return WEAK_PASSWORD_MESSAGES.trivial;
  return null;
}
