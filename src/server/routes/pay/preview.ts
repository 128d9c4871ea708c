import { createHash } from "node:crypto";
import type { I18n } from "@lingui/core";
import { HOME_CURRENCY } from "#shared/currency.ts";
import { i18nFor } from "#shared/i18n/i18n-for.ts";
import { intlLocaleOf, type Locale } from "#shared/i18n/locales.ts";
import { formatMoney } from "#shared/money.ts";
import { cancelledNotice, cancelledTitle } from "#shared/pay-page/pay-view.tsx";
import { offered } from "#shared/pay-page/rail-payloads.ts";
import { canBePaidFromLink, type Provider, providerLabel } from "#shared/providers.ts";
import {
  type CancelledPaymentView,
  isCancelled,
  type PublicPaymentView,
} from "#shared/schemas/payment-request.ts";
import type { CardContent } from "./card-content";

/** What the link-preview card shows: its version is a hash of exactly this. */

/** Bump when the card's drawing changes, so every cached copy is replaced. */
const CARD_DESIGN = "2";

/**
 * The languages the card writes its own words in: its font (Inter) has Latin letters only, and
 * its renderer (satori) lays text out left to right without shaping, so a card in Hindi or Arabic
 * keeps English words ("is requesting") around the request's name, amount and note.
 */
const CARD_LOCALES: ReadonlySet<Locale> = new Set(["en", "es", "pt-BR", "fr", "de"]);

/** The card's words in `language` where the card can write it, else in English. */
function cardI18n(language: Locale) {
  return i18nFor(CARD_LOCALES.has(language) ? language : "en");
}

export function cardWords(language: Locale): CardContent["words"] {
  const i18n = cardI18n(language);
  return { requesting: i18n._("is requesting"), wasPaid: i18n._("was paid"), paid: i18n._("Paid") };
}

/** What the card shows, with its words and amount in `language` (the preview's) where it can. */
export function cardContent(view: PublicPaymentView, language: Locale = "en"): CardContent {
  const i18n = cardI18n(language);
  return {
    name: view.requester.name,
    photo: view.requester.photo,
    amount: formatMoney(view.request.amount, view.request.currency, intlLocaleOf(i18n.locale)),
    description: view.request.description,
    paid: view.request.status === "paid",
    words: cardWords(language),
  };
}

/** A short hash of the card's content: a changed request gets a new image URL (docs/decisions/006). */
export function cardVersion(content: CardContent): string {
  return createHash("sha256")
    .update(`${CARD_DESIGN}\n${JSON.stringify(content)}`)
    .digest("base64url")
    .slice(0, 16);
}

export const CARD_FILE = /^([A-Za-z0-9_-]{16})\.png$/;

export function cardPath(code: string, version: string): string {
  return `/pay/${encodeURIComponent(code)}/card/${version}.png`;
}

/**
 * "Venmo", "Venmo or PayPal", "Venmo, PayPal or Cash App": the language's own way of saying "or".
 * English keeps the list as it always read (no serial comma: British English's list), since a
 * Zelle clause may follow it ("…, or with Zelle in your bank's app").
 */
function orList(labels: readonly string[], i18n: I18n): string {
  const tag = i18n.locale === "en" ? "en-GB" : intlLocaleOf(i18n.locale);
  return new Intl.ListFormat(tag, { type: "disjunction" }).format(labels);
}

/**
 * How the payer pays, naming only what works from the link (docs/pay-buttons.md): the app buttons are one tap,
 * Zelle is in the payer's bank's app, Google Pay no longer sends money between people in the US.
 * A request in another currency names the methods its page offers (pay-page/rail-payloads.ts offered).
 */
function howToPay(view: PublicPaymentView, name: string, i18n: I18n): string {
  const labels = (providers: readonly Provider[]) =>
    orList(
      providers.map((p) => providerLabel(p, i18n)),
      i18n,
    );
  const currency = view.request.currency ?? HOME_CURRENCY;
  if (currency !== HOME_CURRENCY) {
    const request = { ...view.request, currency, requesterName: view.requester.name };
    const offeredHere = view.paymentAccounts.filter(
      (a) => offered(a, request) && canBePaidFromLink(a.provider),
    );
    if (offeredHere.length > 0)
      return i18n._("Pay {name} with {methods}.", {
        name,
        methods: labels(offeredHere.map((a) => a.provider)),
      });
    return view.paymentAccounts.length > 0
      ? i18n._("{name} has not connected a payment method that takes {currency} yet.", { name, currency })
      : i18n._("{name} has not connected a payment method yet.", { name });
  }
  const payable = view.paymentAccounts.map((a) => a.provider).filter(canBePaidFromLink);
  const tap = labels(payable.filter((p) => p !== "zelle"));
  const zelle = payable.includes("zelle");
  if (tap && zelle)
    return i18n._("Pay {name} with one tap in {methods}, or with Zelle in your bank's app.", {
      name,
      methods: tap,
    });
  if (tap) return i18n._("Pay {name} with one tap in {methods}.", { name, methods: tap });
  if (zelle) return i18n._("Pay {name} with Zelle in your bank's app.", { name });
  return view.paymentAccounts.length > 0
    ? i18n._("{name} has not connected a payment method that can be paid from this link yet.", { name })
    : i18n._("{name} has not connected a payment method yet.", { name });
}

export type PreviewMeta = { title: string; description: string; imageAlt: string | null };

/**
 * Title, description and card text of a found request; the not-found page shows no request data,
 * and a cancelled one only who cancelled it (a preview in a message app then tells the payer
 * nothing is owed, with no amount and no card).
 */
export function previewMeta(view: PublicPaymentView | CancelledPaymentView | null, i18n: I18n): PreviewMeta {
  if (!view) {
    return {
      title: `${i18n._("Payment Not Found")} · Collect`,
      description: i18n._("This payment request could not be found or has expired."),
      imageAlt: null,
    };
  }
  if (isCancelled(view)) {
    return {
      title: `${cancelledTitle(view.cancelledBy, i18n)} · Collect`,
      description: cancelledNotice(i18n),
      imageAlt: null,
    };
  }
  const { name, description, paid } = cardContent(view);
  const amount = formatMoney(view.request.amount, view.request.currency, intlLocaleOf(i18n.locale));
  const values = { name, amount, description };
  if (paid) {
    const paidTitle = i18n._("Paid: {name}'s request for {amount}", values);
    const thanks = i18n._("This request has been paid. Thank you!");
    return {
      title: `${paidTitle} · Collect`,
      description: description ? `${description} · ${thanks}` : thanks,
      imageAlt: description
        ? i18n._("Paid: {name}'s request for {amount} for {description}", values)
        : paidTitle,
    };
  }
  const how = howToPay(view, name, i18n);
  const requesting = i18n._("{name} is requesting {amount}", values);
  return {
    title: `${requesting} · Collect`,
    description: description ? `${description} · ${how}` : how,
    imageAlt: description ? i18n._("{name} is requesting {amount} for {description}", values) : requesting,
  };
}
