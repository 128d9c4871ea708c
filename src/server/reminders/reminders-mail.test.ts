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
});
