import { createHash } from "node:crypto";
import { HOME_CURRENCY } from "#shared/currency.ts";
import { formatMoney } from "#shared/money.ts";
import { CANCELLED_NOTICE } from "#shared/pay-page/pay-view.tsx";
import { offered } from "#shared/pay-page/rail-payloads.ts";
import { canBePaidFromLink, PROVIDER_LABELS } from "#shared/providers.ts";
import {
  type CancelledPaymentView,
  isCancelled,
  type PublicPaymentView,
} from "#shared/schemas/payment-request.ts";

/** What the link-preview card shows: its version is a hash of exactly this. */
export type CardContent = {
  name: string;
  /** The photo's object path; keys are never reused, so the path stands for the bytes. */
  photo: string | null;
  amount: string;
  description: string | null;
  paid: boolean;
};

/** Bump when the card's drawing changes, so every cached copy is replaced. */
const CARD_DESIGN = "2";

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

export function cardContent(view: PublicPaymentView): CardContent {
  return {
    name: view.requester.name,
    photo: view.requester.photo,
    amount: formatMoney(view.request.amount, view.request.currency),
    description: view.request.description,
    paid: view.request.status === "paid",
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

/** "Venmo", "Venmo or PayPal", "Venmo, PayPal or Cash App". */
function orList(labels: readonly string[]): string {
  return labels.length < 2 ? (labels[0] ?? "") : `${labels.slice(0, -1).join(", ")} or ${labels.at(-1)}`;
}

/**
 * How the payer pays, naming only what works from the link (docs/pay-buttons.md): the app buttons are one tap,
 * Zelle is in the payer's bank's app, Google Pay no longer sends money between people in the US.
 * A request in another currency names the methods its page offers (pay-page/rail-payloads.ts offered).
 */
function howToPay(view: PublicPaymentView, name: string): string {
  const currency = view.request.currency ?? HOME_CURRENCY;
  if (currency !== HOME_CURRENCY) {
    const request = { ...view.request, currency, requesterName: view.requester.name };
    const offeredHere = view.paymentAccounts.filter(
      (a) => offered(a, request) && canBePaidFromLink(a.provider),
    );
    if (offeredHere.length > 0)
      return `Pay ${name} with ${orList(offeredHere.map((a) => PROVIDER_LABELS[a.provider]))}.`;
    return view.paymentAccounts.length > 0
      ? `${name} has not connected a payment method that takes ${currency} yet.`
      : `${name} has not connected a payment method yet.`;
  }
  const payable = view.paymentAccounts.map((a) => a.provider).filter(canBePaidFromLink);
  const tap = orList(payable.filter((p) => p !== "zelle").map((p) => PROVIDER_LABELS[p]));
  const zelle = payable.includes("zelle");
  if (tap && zelle) return `Pay ${name} with one tap in ${tap}, or with Zelle in your bank's app.`;
  if (tap) return `Pay ${name} with one tap in ${tap}.`;
  if (zelle) return `Pay ${name} with Zelle in your bank's app.`;
  return view.paymentAccounts.length > 0
    ? `${name} has not connected a payment method that can be paid from this link yet.`
    : `${name} has not connected a payment method yet.`;
}

export type PreviewMeta = { title: string; description: string; imageAlt: string | null };

/**
 * Title, description and card text of a found request; the not-found page shows no request data,
 * and a cancelled one only who cancelled it (a preview in a message app then tells the payer
 * nothing is owed, with no amount and no card).
 */
export function previewMeta(view: PublicPaymentView | CancelledPaymentView | null): PreviewMeta {
  if (!view) {
    return {
      title: "Payment Not Found · Collect",
      description: "This payment request could not be found or has expired.",
      imageAlt: null,
    };
  }
  if (isCancelled(view)) {
    return {
      title: `${view.cancelledBy} cancelled this request · Collect`,
      description: CANCELLED_NOTICE,
      imageAlt: null,
    };
  }
  const { name, amount, description, paid } = cardContent(view);
  const what = description ? ` for ${description}` : "";
  if (paid) {
    return {
      title: `Paid: ${name}'s request for ${amount} · Collect`,
      description: `${description ? `${description} · ` : ""}This request has been paid. Thank you!`,
      imageAlt: `Paid: ${name}'s request for ${amount}${what}`,
    };
  }
  const how = howToPay(view, name);
  return {
    title: `${name} is requesting ${amount} · Collect`,
    description: description ? `${description} · ${how}` : how,
    imageAlt: `${name} is requesting ${amount}${what}`,
  };
}
