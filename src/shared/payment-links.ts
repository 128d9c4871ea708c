import type { I18n } from "@lingui/core";
import { intlLocaleOf } from "./i18n/locales";
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

/** The five take dollars: an amount as the page's language writes dollars ("$25.50", "25,50 $"). */
const dollars = (i18n: I18n, amount: string) => formatMoney(amount, "USD", intlLocaleOf(i18n.locale));

const strip = (handle: string, prefix: string) =>
  handle.startsWith(prefix) ? handle.slice(prefix.length) : handle;

/** Zelle's own app closed in April 2025: payers reach Zelle only through their bank's app. */
const zelleSentence = (i18n: I18n, handle: string, amount: string) =>
  i18n._("Send {amount} to {handle} with Zelle in your bank's app.", {
    amount: dollars(i18n, amount),
    handle,
  });

/** Venmo's https link: Venmo's app opens it where installed (universal/app link), venmo.com elsewhere. */
function venmoHref(handle: string, amount: string, description: string | null): string {
  const params = new URLSearchParams({ txn: "pay", recipients: strip(handle, "@"), amount });
  if (description) params.set("note", description);
  return `https://venmo.com/?${params.toString().replaceAll("+", "%20")}`;
}

/** What a tap does; its words in `i18n`'s language (the pay page's). */
export function paymentAction(
  { provider, handle, amount, description, currency = "USD", isMobile }: PaymentLinkInput,
  i18n: I18n,
): PaymentAction {
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
        title: i18n._("Open Venmo"),
        description: i18n._("Open the Venmo app or venmo.com and pay {handle} {amount}.", {
          handle: h,
          amount: dollars(i18n, amount),
        }),
        href,
        unbroken: [h, dollars(i18n, amount)],
      };
    }
    case "zelle":
      return {
        kind: "toast",
        title: i18n._("Pay with {provider}", { provider: "Zelle" }),
        description: zelleSentence(i18n, h, amount),
        unbroken: [dollars(i18n, amount), h],
      };
    case "googlepay":
      return { kind: "inline" };
  }
}

/** The inline instructions of a provider that has no pay link, or null when it has one. */
export function paymentInstructions(
  { provider, handle, amount }: Pick<PaymentLinkInput, "provider" | "handle" | "amount">,
  i18n: I18n,
): PaymentInstructions | null {
  const h = handle.trim();
  switch (provider) {
    case "zelle":
      return { sentence: zelleSentence(i18n, h, amount), amount, handle: h };
    case "googlepay":
      return {
        sentence: i18n._(
          "Google Pay no longer sends money between people in the US (it stopped in June 2024), so there is no Google Pay link: pay {amount} to {handle} another way.",
          { amount: dollars(i18n, amount), handle: h },
        ),
        amount,
        handle: h,
      };
    default:
      return null;
  }
}
