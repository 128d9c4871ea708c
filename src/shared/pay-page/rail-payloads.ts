import { parseMinor } from "#shared/currency.ts";
import { isRailProvider, type Provider, type RailProvider, takesCurrency } from "#shared/providers.ts";
import type { Money } from "#shared/rails/money.ts";
import { monzoLink, parseMonzoUsername } from "#shared/rails/monzo.ts";
import { parsePayNowProxy, payNowPayload } from "#shared/rails/paynow.ts";
import { paypalAmount } from "#shared/rails/paypal.ts";
import { parsePixKey, pixPayload } from "#shared/rails/pix.ts";
import { parsePromptPayProxy, promptPayPayload } from "#shared/rails/promptpay.ts";
import { EPC_ERROR_CORRECTION, epcPayload, formatIban, parseIban } from "#shared/rails/sepa.ts";
import { parseSwishNumber, swishAppLink, swishQrPayload } from "#shared/rails/swish.ts";
import { parseUpiId, upiLink } from "#shared/rails/upi.ts";
import type { PublicPaymentView } from "#shared/schemas/payment-request.ts";

type Account = PublicPaymentView["paymentAccounts"][number];

/**
 * Pix's BR Code must name a city (ID 60) and Collect does not ask for one: payers' banks find
 * the receiver by the key in DICT and show the name registered there, so the country stands in
 * (docs/decisions/032-payment-rails.md).
 */
export const PIX_CITY = "BRASIL";

/**
 * What the pay page draws for one rail, built by the encoders in shared/rails from the saved
 * handle and the request: a link to tap, a QR payload to scan, the fields to copy.
 */
export type RailPayment = {
  provider: RailProvider;
  /** A link that opens the payer's app (UPI, Swish, Monzo). */
  href?: string;
  /** The QR code's payload and its error correction level. */
  qr?: { payload: string; level: "L" | "M" | "Q" | "H" };
  /** The QR shows only where a payer cannot tap the link (a computer): UPI's, Swish's. */
  qrOnDesktopOnly?: boolean;
  /** The handle as the payer should read and copy it (an IBAN in groups of four). */
  handle: string;
  /** Pix's "copia e cola": the BR Code as text. */
  copyPaste?: string;
  /** A bank transfer's holder, BIC and reference. */
  holderName?: string;
  bic?: string;
  reference?: string;
};

export type RailRequest = {
  amount: string;
  currency: string;
  description: string | null;
  requesterName: string;
};

/**
 * The rail's payment for this request, or null when it cannot take it (another currency, an
 * amount its format cannot carry, a handle saved before its rules changed).
 */
export function railPayment(account: Account, request: RailRequest): RailPayment | null {
  const provider = account.provider;
  if (!isRailProvider(provider) || !takesCurrency(provider, request.currency)) return null;
  const minor = parseMinor(request.amount, request.currency);
  if (minor === null || minor <= 0) return null;
  const amount: Money = { minor, currency: request.currency };
  const note = request.description;
  const handle = account.accountHandle.trim();
  try {
    switch (provider) {
      case "upi": {
        const vpa = parseUpiId(handle);
        if (!vpa) return null;
        const href = upiLink({ vpa, payeeName: request.requesterName, amount, note });
        return { provider, href, qr: { payload: href, level: "M" }, qrOnDesktopOnly: true, handle: vpa };
      }
      case "pix": {
        const key = parsePixKey(handle);
        if (!key) return null;
        const payload = pixPayload({
          key: key.key,
          merchantName: request.requesterName,
          merchantCity: PIX_CITY,
          amount,
          description: note,
        });
        return { provider, qr: { payload, level: "M" }, copyPaste: payload, handle };
      }
      case "sepa": {
        const iban = parseIban(handle);
        if (!iban || !account.holderName) return null;
        const reference = note ?? undefined;
        const payload = epcPayload({
          name: account.holderName,
          iban,
          bic: account.bic ?? null,
          amount,
          remittance: reference,
        });
        return {
          provider,
          qr: { payload, level: EPC_ERROR_CORRECTION },
          handle: formatIban(iban),
          holderName: account.holderName,
          ...(account.bic ? { bic: account.bic } : {}),
          ...(reference ? { reference } : {}),
        };
      }
      case "swish": {
        const payee = parseSwishNumber(handle);
        if (!payee) return null;
        const input = { payee, amount, message: note };
        return {
          provider,
          href: swishAppLink(input),
          qr: { payload: swishQrPayload(input), level: "M" },
          qrOnDesktopOnly: true,
          handle,
        };
      }
      case "monzo": {
        const username = parseMonzoUsername(handle);
        if (!username) return null;
        return { provider, href: monzoLink({ username, amount, note }), handle: username };
      }
      case "paynow": {
        const proxy = parsePayNowProxy(handle);
        if (!proxy) return null;
        const payload = payNowPayload({
          proxy,
          amount,
          reference: note,
          merchantName: request.requesterName,
        });
        return { provider, qr: { payload, level: "M" }, handle };
      }
      case "promptpay": {
        const proxy = parsePromptPayProxy(handle);
        if (!proxy) return null;
        return { provider, qr: { payload: promptPayPayload({ proxy, amount }), level: "M" }, handle };
      }
    }
  } catch {
    // An encoder refused what it was given (an amount past its format's largest): not offered.
    return null;
  }
}

/**
 * The amount a PayPal.Me link carries ("1500" for forints, which PayPal takes whole), or null
 * when PayPal cannot take this amount in this currency.
 */
export function paypalLinkAmount(amount: string, currency: string): string | null {
  const minor = parseMinor(amount, currency);
  return minor === null ? null : paypalAmount({ minor, currency });
}

/** Whether the pay page offers this account for this request. */
export function offered(account: Account, request: RailRequest): boolean {
  const provider: Provider = account.provider;
  if (!takesCurrency(provider, request.currency)) return false;
  if (isRailProvider(provider)) return railPayment(account, request) !== null;
  if (provider === "paypal") return paypalLinkAmount(request.amount, request.currency) !== null;
  return true;
}
