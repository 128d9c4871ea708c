import { minorToAmount, parseMinor } from "#shared/currency.ts";
import { i18nFor } from "#shared/i18n/i18n-for.ts";
import { directionOf, intlLocaleOf, type Locale } from "#shared/i18n/locales.ts";
import { formatMoney } from "#shared/money.ts";
import { MUTED, pdfDocument } from "./document";
import { dayText, whatFor } from "./receipt";

export type StatementFacts = {
  language: Locale;
  timeZone: string;
  requesterName: string;
  person: { name: string; phone: string };
  today: Date;
  rows: {
    createdAt: Date;
    description: string | null;
    amount: string;
    paid: string;
    currency: string;
  }[];
  /** Per currency, over every request (the rows may be the newest only). */
  totals: { currency: string; count: number; asked: string; paid: string }[];
};

/**
 * A statement of everything asked of one person (not cancelled): per currency, each request's day,
 * what it was for, what was asked, paid and is left, then the totals; never a sum across
 * currencies.
 */
export function statementPdf(facts: StatementFacts): Promise<Buffer> {
  const i18n = i18nFor(facts.language);
  const locale = intlLocaleOf(facts.language);
  const day = (value: Date) => dayText(value, locale, facts.timeZone);
  const title = i18n._("Statement");
  const left = (asked: string, paid: string, currency: string) =>
    minorToAmount((parseMinor(asked, currency) ?? 0) - (parseMinor(paid, currency) ?? 0), currency);
  return pdfDocument({ title, lang: locale, direction: directionOf(facts.language) }, (page) => {
    page.text("Collect", { size: 12, bold: true, color: "#047857", after: 8 });
    page.text(title, { size: 24, bold: true, after: 2 });
    page.text(i18n._("As of {date}", { date: day(facts.today) }), { color: MUTED, after: 12 });
    page.text(i18n._("From: {name}", { name: facts.requesterName }));
    page.text(i18n._("To: {name}, {phone}", { name: facts.person.name, phone: facts.person.phone }));
    for (const total of facts.totals) {
      const money = (amount: string) => formatMoney(amount, total.currency, locale);
      const rows = facts.rows.filter((row) => row.currency === total.currency);
      page.space(10);
      if (facts.totals.length > 1)
        page.text(i18n._("In {currency}", { currency: total.currency }), { bold: true });
      page.rule();
      page.row(
        [
          { text: i18n._("Date"), share: 3, bold: true },
          { text: i18n._("For"), share: 5, bold: true },
          { text: i18n._("Asked"), share: 3, end: true, bold: true },
          { text: i18n._("Paid"), share: 3, end: true, bold: true },
          { text: i18n._("Left"), share: 3, end: true, bold: true },
        ],
        { color: MUTED },
      );
      if (rows.length < total.count)
        page.text(
          i18n._(
            "{count, plural, one {# older request is} other {# older requests are}} in the totals, not listed.",
            { count: total.count - rows.length },
          ),
          { color: MUTED },
        );
      for (const row of rows)
        page.row([
          { text: day(row.createdAt), share: 3 },
          { text: whatFor(row.description, i18n), share: 5 },
          { text: money(row.amount), share: 3, end: true },
          { text: money(row.paid), share: 3, end: true },
          { text: money(left(row.amount, row.paid, total.currency)), share: 3, end: true },
        ]);
      page.rule();
      page.row([
        { text: i18n._("Total"), share: 8, bold: true },
        { text: money(total.asked), share: 3, end: true, bold: true },
        { text: money(total.paid), share: 3, end: true, bold: true },
        { text: money(left(total.asked, total.paid, total.currency)), share: 3, end: true, bold: true },
      ]);
    }
    page.space(16);
    page.text(
      i18n._(
        "From {name}'s records in Collect. Collect does not hold or move money: payments are what {name} recorded as received.",
        { name: facts.requesterName },
      ),
      { size: 9, color: MUTED },
    );
  });
}
