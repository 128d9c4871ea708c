import { formatMoney } from "./money";
import type { UsProvider } from "./providers";

/**
 * What a payer's tap on a provider does. Every provider ends somewhere that works: a link the
 * provider still honours, or instructions the payer can follow in another app
 * (docs/pay-buttons.md gives the reasons and sources for each).
 */
export type PaymentAction =
  | { kind: "link"; href: string }
  /**
   * Explained in a toast; `href`, when present, is a working link the toast carries, and a toast
   * holding a link stays until dismissed. `unbroken` are the parts of the
   * description (a handle, an amount) that move to a new line whole rather than break inside.
   */
  | { kind: "toast"; title: string; description: string; href?: string; unbroken?: string[] }
  /** No link exists at all: the inline instructions on the page are the whole option. */
  | { kind: "inline" };

/** The spec's five; the rails' options are drawn by pay-page/rail-option.tsx, on the server. */
export type PaymentLinkInput = {
  provider: UsProvider;
  handle: string;
  amount: string;
  description: string | null;
  /** ISO 4217 of the amount (absent: USD); only a provider that takes it is offered (providers.ts). */
  currency?: string;
  /** Venmo's link opens its app on a phone; a desktop visitor gets a toast first (docs/pay-buttons.md). */
  isMobile: boolean;
};

/** Copyable instructions shown on the page for providers with no pay link (Zelle, Google Pay). */
export type PaymentInstructions = { sentence: string; amount: string; handle: string };

const strip = (handle: string, prefix: string) =>
  handle.startsWith(prefix) ? handle.slice(prefix.length) : handle;

/** Zelle's own app closed in April 2025: payers reach Zelle only through their bank's app. */
const zelleSentence = (handle: string, amount: string) =>
  `Send ${formatMoney(amount)} to ${handle} with Zelle in your bank's app.`;

/** Venmo's https link: Venmo's app opens it where installed (universal/app link), venmo.com elsewhere. */
function venmoHref(handle: string, amount: string, description: string | null): string {
  const params = new URLSearchParams({ txn: "pay", recipients: strip(handle, "@"), amount });
  if (description) params.set("note", description);
  return `https://venmo.com/?${params.toString().replaceAll("+", "%20")}`;
}

export function paymentAction({
  provider,
  handle,
  amount,
  description,
  currency = "USD",
  isMobile,
}: PaymentLinkInput): PaymentAction {
  const h = handle.trim();
  switch (provider) {
    case "paypal":
      // The currency code keeps PayPal from guessing a currency from the payer's country.
      return { kind: "link", href: `https://paypal.me/${encodeURIComponent(h)}/${amount}${currency}` };
    case "cashapp":
      return { kind: "link", href: `https://cash.app/$${encodeURIComponent(strip(h, "$"))}/${amount}` };
    case "venmo": {
      const href = venmoHref(h, amount, description);
      if (isMobile) return { kind: "link", href };
      return {
        kind: "toast",
        title: "Open Venmo",
        description: `Open the Venmo app or venmo.com and pay ${h} ${formatMoney(amount)}.`,
        href,
        unbroken: [h, formatMoney(amount)],
      };
    }
    case "zelle":
      return {
        kind: "toast",
        title: "Pay with Zelle",
        description: zelleSentence(h, amount),
        unbroken: [formatMoney(amount), h],
      };
    case "googlepay":
      return { kind: "inline" };
  }
}

/** The inline instructions of a provider that has no pay link, or null when it has one. */
export function paymentInstructions({
  provider,
  handle,
  amount,
}: Pick<PaymentLinkInput, "provider" | "handle" | "amount">): PaymentInstructions | null {
  const h = handle.trim();
  switch (provider) {
    case "zelle":
      return { sentence: zelleSentence(h, amount), amount, handle: h };
    case "googlepay":
      return {
        sentence: `Google Pay no longer sends money between people in the US (it stopped in June 2024), so there is no Google Pay link: pay ${formatMoney(amount)} to ${h} another way.`,
        amount,
        handle: h,
      };
    default:
      return null;
  }
}
