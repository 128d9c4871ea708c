import { describe, expect, it } from "vitest";
import { i18nFor } from "#shared/i18n/i18n-for.ts";
import { type PayerMailFacts, payerMail, payerMailFacts } from "./reminders-mail";

const links = {
  stopRequest: "https://collect.example/api/payment-requests/stop-reminders/t",
  stopRequester: "https://collect.example/api/mail/stop/r",
  stopAll: "https://collect.example/api/mail/stop/a",
};
const requester = { name: "Maria Lopez", email: "maria@example.com", timeZone: "Europe/Berlin" };
const request = {
  payerEmail: "ana@example.com",
  recipientName: "Ana",
  amount: "1250.50",
  currency: "EUR",
  description: "Miete",
  dueDate: "2026-12-04",
  code: "Ab3dE5gH7k",
};
const now = new Date("2026-11-29T10:00:00Z");
const facts = (language: string | null, requesterLanguage: string | null): PayerMailFacts =>
  payerMailFacts(
    { ...requester, language: requesterLanguage },
    { ...request, language },
    "https://collect.example",
    now,
  );

describe("a payer's email", () => {
  it("speaks the contact's language, else the requester's, else English", () => {
    expect(facts("de", "fr").language).toBe("de");
    expect(facts(null, "fr").language).toBe("fr");
    expect(facts(null, null).language).toBe("en");
    expect(facts("xx", null).language).toBe("en");
  });

  it("is written in that language: subject, lines, amount, date, footer and stop links", () => {
    const de = i18nFor("de");
    const mail = payerMail("request", facts("de", null), links);
    const money = "1.250,50\u00a0€";
    expect(mail.subject).toBe(de._("{who} asks you for {money}", { who: "Maria L.", money }));
    expect(mail.text).toContain(de._("Hi {name},", { name: "Ana" }));
    expect(mail.text).toContain(de._("It is due {date}.", { date: "Freitag, 4. Dezember" }));
    expect(mail.text).toContain(de._("No emails from Collect at all"));
    expect(mail.text).toContain(de._("Collect never asks for passwords or card numbers."));
    expect(mail.fromName).toBe(de._("{who} via Collect", { who: "Maria L." }));
    expect(mail.html).toContain('<div lang="de" dir="ltr"');
    expect(mail.subject).not.toContain("asks you for");
  });

  it("a reminder after the due day says it was due, not that it is", () => {
    const late = payerMailFacts(
      { ...requester, language: null },
      { ...request, language: null },
      "https://collect.example",
      new Date("2026-12-14T10:00:00Z"),
    );
    const mail = payerMail("reminder", late, links);
    expect(mail.text).toContain("It was due Friday, December 4.");
    expect(mail.text).not.toContain("It is due");
    expect(payerMail("reminder", facts(null, null), links).text).toContain("It is due Friday, December 4.");
  });

  it("in Arabic, right to left", () => {
    const mail = payerMail("reminder", facts("ar", null), links);
    expect(mail.html).toContain('<div lang="ar" dir="rtl"');
    expect(mail.subject).toBe(
      i18nFor("ar")._("Reminder: {who} asks you for {money}", {
        who: "Maria L.",
        money: new Intl.NumberFormat("ar", { style: "currency", currency: "EUR" }).format(1250.5),
      }),
    );
  });

  it("in English stays as it was", () => {
    const mail = payerMail("receipt", facts(null, null), links);
    expect(mail.subject).toBe("Receipt: €1,250.50 to Maria L.");
    expect(mail.text).toContain("Maria L. marked your payment of €1,250.50 as received. Thank you!");
    expect(mail.fromName).toBe("Maria L. via Collect");
  });
  it("a reminder about several requests: their total, each with what is left and its due day, one link to pay them all", () => {
    const english = {
      ...payerMailFacts(
        { ...requester, language: null },
        { ...request, language: null, currency: "USD" },
        "https://collect.example",
        new Date("2026-12-10T10:00:00Z"),
      ),
      amount: "2900.00",
      payUrl: "https://collect.example/p/BalanceCode",
      payAll: true,
      items: [
        {
          description: "Rent November",
          amount: "1450.00",
          dueDate: "2026-12-01",
          payUrl: "https://collect.example/p/Nov",
        },
        {
          description: "Rent December <b>",
          amount: "1000.00",
          dueDate: "2026-12-12",
          payUrl: "https://collect.example/p/Dec",
        },
        { description: null, amount: "450.00", dueDate: null, payUrl: "https://collect.example/p/Other" },
      ],
    };
    const mail = payerMail("reminder", english, { ...links, stopRequest: null });
    expect(mail.subject).toBe("Reminder: Maria L. asks you for $2,900.00 in all");
    expect(mail.text).toContain(
      "A friendly reminder: Maria L. asks you for $2,900.00 in all, for 3 requests:",
    );
    // The requester's words quoted, and escaped in the HTML.
    expect(mail.text).toContain("“Rent November”: $1,450.00, was due Tuesday, December 1");
    expect(mail.text).toContain("“Rent December <b>”: $1,000.00, due Saturday, December 12");
    expect(mail.html).toContain("Rent December &lt;b&gt;");
    expect(mail.text).toContain("Payment request: $450.00");
    expect(mail.text).toContain("Pay $2,900.00: https://collect.example/p/BalanceCode");
    expect(mail.text).not.toContain("Stop reminders for this request");

    const de = i18nFor("de");
    const german = payerMail("reminder", { ...facts("de", null), items: english.items.slice(0, 2) }, links);
    expect(german.subject).toBe(
      de._("Reminder: {who} asks you for {money} in all", { who: "Maria L.", money: "1.250,50\u00a0€" }),
    );
    expect(german.subject).not.toContain("in all");
    // Past twenty, the rest are counted, not listed.
    const many = Array.from({ length: 23 }, (_, i) => ({
      description: `Item ${i}`,
      amount: "1.00",
      dueDate: null,
      payUrl: `https://collect.example/p/${i}`,
    }));
    const long = payerMail("reminder", { ...english, items: many }, links);
    expect(long.text).toContain("“Item 19”");
    expect(long.text).not.toContain("“Item 20”");
    expect(long.text).toContain("and 3 more");

    // Not everything open with them: each request its own link, not one for a total no page asks.
    const some = payerMail("reminder", { ...english, payAll: false }, links);
    expect(some.text).not.toContain("Pay $2,900.00");
    expect(some.text).toContain("Pay “Rent November”: https://collect.example/p/Nov");
    expect(some.text).toContain("Pay $450.00: https://collect.example/p/Other");
  });
});
