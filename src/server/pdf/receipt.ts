import type { I18n } from "@lingui/core";
import { minorToAmount, parseMinor } from "#shared/currency.ts";
import { i18nFor } from "#shared/i18n/i18n-for.ts";
import { directionOf, intlLocaleOf, type Locale } from "#shared/i18n/locales.ts";
import { formatMoney } from "#shared/money.ts";
import { type PaymentMethod, paymentMethodLabel } from "#shared/schemas/payment.ts";
import { MUTED, pdfDocument } from "./document";

export type ReceiptFacts = {
  /** The requester's language and zone: they download it, and hand it on as they like. */
  language: Locale;
  timeZone: string;
  requesterName: string;
  request: {
    code: string;
    recipientName: string;
    amount: string;
    paidAmount: string;
    currency: string;
    description: string | null;
    status: string;
    createdAt: Date;
    paidAt: Date | null;
  };
  payments: { amount: string; method: PaymentMethod | null; paidOn: string }[];
};

/** A calendar day ("2026-11-28") or an instant, as the locale writes a date. */
export function dayText(day: string | Date, locale: string, timeZone: string): string {
  const instant = typeof day === "string" ? new Date(`${day}T12:00:00Z`) : day;
  return new Intl.DateTimeFormat(locale, {
    dateStyle: "medium",
    timeZone: typeof day === "string" ? "UTC" : timeZone,
  }).format(instant);
}

/** The note as the document quotes it, or "Payment request" where there is none. */
export const whatFor = (description: string | null, i18n: I18n) =>
  description ? i18n._("“{note}”", { note: description }) : i18n._("Payment request");

/**
 * A receipt for what was paid on one request: who paid whom, for what, each payment (its day, its
 * method, its amount), and what is left or the day it was paid in full. Collect moves no money:
 * the receipt says it is the requester's record.
 */
export function receiptPdf(facts: ReceiptFacts): Promise<Buffer> {
  const { request, language, timeZone } = facts;
  const i18n = i18nFor(language);
  const locale = intlLocaleOf(language);
  const money = (amount: string) => formatMoney(amount, request.currency, locale);
  const day = (value: string | Date) => dayText(value, locale, timeZone);
  const recorded = facts.payments.reduce((sum, p) => sum + (parseMinor(p.amount, request.currency) ?? 0), 0);
  const asked = parseMinor(request.amount, request.currency) ?? 0;
  const rows = facts.payments.map((p) => ({
    day: day(p.paidOn),
    method: p.method ? paymentMethodLabel(p.method, i18n) : "—",
    amount: money(p.amount),
  }));
  // Marked paid for the rest (no payment recorded for it): the day it was marked.
  if (request.status === "paid" && recorded < asked)
    rows.push({
      day: request.paidAt ? day(request.paidAt) : "—",
      method: i18n._("Marked paid"),
      amount: money(minorToAmount(asked - recorded, request.currency)),
    });
  const paid = request.status === "paid" ? request.amount : request.paidAmount;
  const left = minorToAmount(asked - (parseMinor(paid, request.currency) ?? 0), request.currency);
  const title = i18n._("Receipt");
  return pdfDocument({ title, lang: locale, direction: directionOf(language) }, (page) => {
    page.text("Collect", { size: 12, bold: true, color: "#047857", after: 8 });
    page.text(title, { size: 24, bold: true, after: 2 });
    page.text(i18n._("Receipt number: {number}", { number: request.code }), { color: MUTED, after: 12 });
    page.text(i18n._("Paid by: {name}", { name: request.recipientName }));
    page.text(i18n._("Paid to: {name}", { name: facts.requesterName }));
    page.text(i18n._("For: {what}", { what: whatFor(request.description, i18n) }));
    page.text(
      i18n._("Asked on {date}: {amount}", { date: day(request.createdAt), amount: money(request.amount) }),
    );
    page.rule();
    const header = [
      { text: i18n._("Date"), share: 3, bold: true },
      { text: i18n._("Method"), share: 3, bold: true },
      { text: i18n._("Amount"), share: 2, end: true, bold: true },
    ];
    page.row(header, { color: MUTED });
    for (const row of rows)
      page.row([
        { text: row.day, share: 3 },
        { text: row.method, share: 3 },
        { text: row.amount, share: 2, end: true },
      ]);
    page.rule();
    page.text(i18n._("Paid: {paid}", { paid: money(paid) }), { bold: true });
    page.text(
      request.status === "paid"
        ? i18n._("Paid in full on {date}.", { date: request.paidAt ? day(request.paidAt) : "—" })
        : request.status === "cancelled"
          ? i18n._("The rest was cancelled: nothing more is asked.")
          : i18n._("Left to pay: {left}", { left: money(left) }),
      { after: 16 },
    );
    page.text(
      i18n._(
        "{name} recorded these payments in Collect. Collect does not hold or move money: this receipt is their record of what they received.",
        { name: facts.requesterName },
      ),
      { size: 9, color: MUTED },
    );
  });
}
