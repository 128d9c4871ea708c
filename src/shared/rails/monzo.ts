import { assertCurrency, decimalText, type Money } from "./money";
import { percentEncode, singleLine, truncate } from "./text";

/**
 * Monzo (UK): a Monzo user's payment page, https://monzo.me/{username}, takes an amount in pounds
 * as the next path segment and a note in `d`: https://monzo.me/{username}/{amount}?d={note}
 * (Monzo Community, "Find your monzo.me link", Monzo staff, 2017: "You can also add a specific
 * amount and a note to the page by adding some parameters on to the link"; the form
 * monzo.me/name/3.00?d=Thanks is what public pages use). Monzo moves pounds only.
 *
 * Usernames: Monzo publishes no grammar; the links seen are letters and digits (names run
 * together, "jamesbillingham"), at times with "." "-" or "_". Accepted here: 2 to 50 of those,
 * starting with a letter or digit; a pasted link (monzo.me/name or https://monzo.me/name/5.00)
 * gives its username.
 */

const USERNAME = /^[A-Za-z0-9][A-Za-z0-9._-]{1,49}$/;

/** The monzo.me username from what a person typed or pasted, or null. */
export function parseMonzoUsername(input: string): string | null {
  const bare = input.trim().replace(/^https?:\/\//i, "");
  const link = /^(?:www\.)?monzo\.me\//i.exec(bare);
  // Anything with a slash is a link, and only a monzo.me link names a Monzo user.
  if (!link && /[/:]/.test(bare)) return null;
  const text = link ? bare.slice(link[0].length) : bare.replace(/^@/, "");
  const username = text.split(/[/?#]/)[0] ?? "";
  return USERNAME.test(username) ? username : null;
}

export type MonzoLinkInput = {
  username: string;
  /** In GBP; absent, the payer types the amount. */
  amount?: Money;
  /** The note (`d`): one line, at most 100 characters. */
  note?: string | null;
};

/** https://monzo.me/robin/25.50?d=Pizza%20%26%20drinks */
export function monzoLink({ username, amount, note }: MonzoLinkInput): string {
  if (!USERNAME.test(username)) throw new RangeError(`Not a monzo.me username: ${username}.`);
  let href = `https://monzo.me/${username}`;
  if (amount) {
    assertCurrency(amount, "GBP", "Monzo");
    href += `/${decimalText(amount.minor, 2)}`;
  }
  const d = truncate(singleLine(note ?? ""), 100);
  return d ? `${href}?d=${percentEncode(d)}` : href;
}
