import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { currencyDigits, minorToAmount, parseMinor } from "#shared/currency.ts";
import { i18nFor } from "#shared/i18n/i18n-for.ts";
import {
  allocateOldestFirst,
  amountLeft,
  checkPartPayment,
  paidSoFar,
  paymentMethodLabel,
  RecordPaymentInputSchema,
} from "./payment";

const CURRENCIES = ["USD", "EUR", "JPY", "KWD", "INR", "BRL", "SEK"];

describe("part payments' arithmetic", () => {
  it("never loses or invents a unit: parts taken in any order leave exactly the rest, then nothing", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CURRENCIES),
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 12 }),
        (currency, totalMinor, wished) => {
          const total = minorToAmount(totalMinor, currency);
          let paidMinor = 0;
          const written = (minor: number) => minorToAmount(minor, currency);
          for (const wish of wished) {
            const left = amountLeft(total, paidSoFar(written(paidMinor), currency), currency);
            expect(parseMinor(left, currency)).toBe(totalMinor - paidMinor);
            if (paidMinor === totalMinor) break;
            const checked = checkPartPayment(written(wish), left, currency);
            // More than is left is refused and changes nothing; anything else is taken whole.
            expect(checked.ok).toBe(wish <= totalMinor - paidMinor);
            if (checked.ok) paidMinor += parseMinor(checked.amount, currency) ?? Number.NaN;
          }
          // The rest, paid at once, always closes it exactly.
          const rest = amountLeft(total, paidSoFar(written(paidMinor), currency), currency);
          if (paidMinor < totalMinor) {
            const last = checkPartPayment(rest, rest, currency);
            expect(last).toEqual({ ok: true, amount: rest });
            expect(amountLeft(total, written(paidMinor + (parseMinor(rest, currency) ?? 0)), currency)).toBe(
              minorToAmount(0, currency),
            );
          } else expect(rest).toBe(minorToAmount(0, currency));
        },
      ),
    );
  });

  it("writes amounts with the currency's own digits", () => {
    expect(amountLeft("1450.00", "1000", "USD")).toBe("450.00");
    expect(amountLeft("1500", "499", "JPY")).toBe("1001");
    expect(amountLeft("10.000", "3.5", "KWD")).toBe("6.500");
    expect(amountLeft("25.50", undefined, "USD")).toBe("25.50");
    expect(paidSoFar("0", "USD")).toBeUndefined();
    expect(paidSoFar(null, "USD")).toBeUndefined();
    expect(paidSoFar("1000", "USD")).toBe("1000.00");
    expect(currencyDigits("KWD")).toBe(3);
  });

  it("says what is wrong in the app's language", () => {
    expect(checkPartPayment("500", "450.00", "USD")).toEqual({
      ok: false,
      message: "A payment can be at most what is left: $450.00.",
    });
    expect(checkPartPayment("0", "450.00", "USD")).toMatchObject({ ok: false });
    expect(checkPartPayment("500", "450.00", "EUR", i18nFor("de"))).toEqual({
      ok: false,
      message: expect.stringMatching(/450,00\s€/),
    });
    expect(paymentMethodLabel("cash")).toBe("Cash");
    expect(paymentMethodLabel("venmo")).toBe("Venmo");
    expect(paymentMethodLabel("cash", i18nFor("es"))).not.toBe("Cash");
  });

  it("reads the API's input: an amount, an optional method and day", () => {
    expect(RecordPaymentInputSchema.parse({ amount: "10" })).toEqual({ amount: "10", method: null });
    expect(RecordPaymentInputSchema.safeParse({ amount: "10", method: "cheque" }).success).toBe(false);
    expect(RecordPaymentInputSchema.safeParse({ amount: "10", paidOn: "2026-13-01" }).success).toBe(false);
    expect(RecordPaymentInputSchema.safeParse({ amount: "1".repeat(25) }).success).toBe(false);
  });
});

describe("allocateOldestFirst (Request all: a claim or payment over several requests)", () => {
  it("covers the oldest in full first and never loses or makes a cent", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 100_000_000 }), { minLength: 1, maxLength: 40 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (lefts, share) => {
          const total = lefts.reduce((a, b) => a + b, 0);
          const amount = Math.round(total * share);
          const parts = allocateOldestFirst(amount, lefts);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(amount);
          parts.forEach((part, i) => {
            expect(Number.isInteger(part)).toBe(true);
            expect(part).toBeGreaterThanOrEqual(0);
            expect(part).toBeLessThanOrEqual(lefts[i] as number);
            // A later item gets something only once every earlier one is covered.
            if (i > 0 && part > 0) expect(parts[i - 1]).toBe(lefts[i - 1]);
          });
        },
      ),
    );
    expect(allocateOldestFirst(150_000, [145_000, 4_000, 10_000])).toEqual([145_000, 4_000, 1_000]);
  });
});
