import { EMAIL_PATTERN } from "./input-limits";
import { normalizePhone } from "./phone";

/** The five payment providers (docs/product.md#payment-methods). Order here is the order on the Payment Methods page. */
export const PROVIDERS = ["paypal", "venmo", "cashapp", "zelle", "googlepay"] as const;
export type Provider = (typeof PROVIDERS)[number];

/**
 * Setup offers the spec's three (docs/product.md#setup), then Zelle: the largest US person-to-person
 * network, so someone who uses only Zelle can start.
 */
export const SETUP_PROVIDERS = ["paypal", "venmo", "cashapp", "zelle"] as const satisfies readonly Provider[];

/**
 * Whether a payer can pay this method from the request link. Google Pay no longer sends money between
 * people in the US (the pay page says so), so it alone leaves a payer with no way to pay.
 */
export function canBePaidFromLink(provider: Provider): boolean {
  return provider !== "googlepay";
}

/** True when at least one of these methods can be paid from a link. */
export function anyPaidFromLink(providers: readonly Provider[]): boolean {
  return providers.some(canBePaidFromLink);
}

export const PROVIDER_LABELS: Record<Provider, string> = {
  paypal: "PayPal",
  venmo: "Venmo",
  cashapp: "Cash App",
  zelle: "Zelle",
  googlepay: "Google Pay",
};

/** Handle hints (docs/product.md#payment-methods). */
export const PROVIDER_HINTS: Record<Provider, string> = {
  paypal: "Your PayPal.Me username, not your email",
  venmo: "Your Venmo username, starting with @",
  cashapp: "Your $Cashtag, starting with $",
  zelle: "The email or phone number you use with Zelle",
  googlepay: "The phone number or email you use with Google Pay",
};

export const PROVIDER_PLACEHOLDERS: Record<Provider, string> = {
  paypal: "yourname",
  venmo: "@yourname",
  cashapp: "$yourname",
  zelle: "you@example.com or (212) 555-0101",
  googlepay: "(212) 555-0101 or you@example.com",
};

/**
 * Checks a handle against the provider's rules (docs/product.md#payment-methods), enforced on client and
 * server alike. Returns null when valid, otherwise a sentence naming the provider.
 */
export function handleProblem(provider: Provider, handle: string): string | null {
  const h = handle.trim();
  const label = PROVIDER_LABELS[provider];
  if (h.length === 0) return `${label}: please enter your handle.`;
  if (h.length > 100) return `${label}: the handle is too long.`;
  switch (provider) {
    case "paypal":
      if (EMAIL_PATTERN.test(h)) return "PayPal: enter your PayPal.Me username, not your email.";
      return /^[A-Za-z0-9]{1,20}$/.test(h)
        ? null
        : "PayPal: a PayPal.Me username has up to 20 letters and numbers.";
    case "venmo":
      return /^@[A-Za-z0-9_-]{1,30}$/.test(h)
        ? null
        : "Venmo: the username starts with @ followed by letters, numbers, - or _.";
    case "cashapp":
      return /^\$(?=.*[A-Za-z])[A-Za-z0-9_-]{1,20}$/.test(h)
        ? null
        : "Cash App: the $Cashtag starts with $ followed by up to 20 letters and numbers.";
    case "zelle":
    case "googlepay":
      return EMAIL_PATTERN.test(h) || normalizePhone(h) !== null
        ? null
        : `${label}: enter an email address or a US phone number.`;
  }
}

/**
 * The currencies each app can be paid in from Collect: Venmo, Cash App, Zelle and Google Pay move
 * US dollars only; PayPal.Me takes the currency in its link (docs/pay-buttons.md). A request in
 * another currency offers only the apps that take it.
 */
export function takesCurrency(provider: Provider, currency: string): boolean {
  return provider === "paypal" || currency === "USD";
}
