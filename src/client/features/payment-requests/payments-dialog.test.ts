import { describe, expect, it } from "vitest";
import { i18nFor } from "#shared/i18n/i18n-for.ts";
import { paymentFormSchema } from "./payments-dialog";

const rent = { amount: "1450.00", paidAmount: "1000.00", currency: "USD" };
const euros = { amount: "100.00", currency: "EUR" };
const english = i18nFor("en");

describe("the part payment form", () => {
  it("reads the amount the account's way and sends what the API takes", () => {
    const us = paymentFormSchema(rent, ".", "2026-11-29", english);
    expect(us.parse({ amount: "$450", method: "", paidOn: "2026-11-29" })).toEqual({
      amount: "450.00",
      method: null,
      paidOn: "2026-11-29",
    });
    const de = paymentFormSchema(euros, ",", "2026-11-29", english);
    expect(de.parse({ amount: "12,50", method: "sepa", paidOn: "2026-11-01" })).toEqual({
      amount: "12.50",
      method: "sepa",
      paidOn: "2026-11-01",
    });
  });

  it("puts each problem on its field: more than is left, and a day after today", () => {
    const us = paymentFormSchema(rent, ".", "2026-11-29", english);
    const result = us.safeParse({ amount: "450.01", method: "", paidOn: "2026-11-30" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["amount", "A payment can be at most what is left: $450.00."],
      ["paidOn", "Choose the day it was paid, today or earlier."],
    ]);
    const spanish = paymentFormSchema(rent, ".", "2026-11-29", i18nFor("es"));
    const said = spanish.safeParse({ amount: "999", method: "", paidOn: "2026-11-29" });
    expect(said.error?.issues[0]?.message).toMatch(
      /^Un pago puede ser como máximo lo que queda: 450,00\sUS\$\.$/,
    );
  });
});
