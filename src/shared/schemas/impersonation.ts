/**
 * Names that pass for a payment service or its staff ("PayPal Security", "Venmo Support", "Cash
 * App Team", "Security Team"): a profile name like that would put a brand's voice on an email
 * Collect sends (mail/mail-name.ts) and on the pay page. Refused where a name is set, with
 * IMPERSONATION_MESSAGE.
 */
export const IMPERSONATION_MESSAGE =
  "Profile name: please use your own name, not the name of a payment service or its staff (like “PayPal Support”).";

/**
 * Brands no person's name holds, found anywhere in the name's letters run together ("Pay Pal",
 * "CashApp", "cash-app", "Maria from PayPal").
 */
const BRANDS_JOINED = ["paypal", "venmo", "cashapp", "googlepay", "applepay", "squarecash"];
/** Brands that are also people's names ("Zoe Zelle"): refused only with nothing else but staff words. */
const BRAND_WORDS = new Set(["zelle", "gpay", "collect"]);
/** Staff and system words: a name made only of them (and brands) is no person's name ("Security Team", "Zelle Support"). */
const ROLE_WORDS = new Set([
  "support",
  "security",
  "team",
  "staff",
  "admin",
  "administrator",
  "billing",
  "fraud",
  "helpdesk",
  "help",
  "desk",
  "service",
  "services",
  "customer",
  "care",
  "official",
  "verification",
  "department",
  "notification",
  "notifications",
  "alert",
  "alerts",
  "noreply",
  "no",
  "reply",
  "account",
  "accounts",
  "payments",
  "trust",
  "safety",
]);

/** The name's words in plain lower-case letters (accents and look-alike digits folded). */
function words(name: string): string[] {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/0/g, "o")
    .replace(/[1!|]/g, "l")
    .replace(/\$/g, "s")
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
}

export function looksLikeAService(name: string): boolean {
  const parts = words(name);
  if (parts.length === 0) return false;
  const joined = parts.join("");
  if (BRANDS_JOINED.some((brand) => joined.includes(brand))) return true;
  return parts.every((part) => ROLE_WORDS.has(part) || BRAND_WORDS.has(part));
}
