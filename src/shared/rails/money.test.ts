import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assertCurrency, assertMoney, currencyDigits, decimalText, moneyText } from "./money";

describe("money", () => {
  it("writes minor units with the currency's digits", () => {
    expect(moneyText({ minor: 1250, currency: "EUR" })).toBe("12.50");
    expect(moneyText({ minor: 5, currency: "USD" })).toBe("0.05");
    expect(moneyText({ minor: 0, currency: "USD" })).toBe("0.00");
    expect(moneyText({ minor: 1500, currency: "JPY" })).toBe("1500");
    expect(moneyText({ minor: 1250, currency: "KWD" })).toBe("1.250");
    expect(moneyText({ minor: 12550, currency: "SEK" }, ",")).toBe("125,50");
    expect(moneyText({ minor: Number.MAX_SAFE_INTEGER, currency: "EUR" })).toBe("90071992547409.91");
  });

  it("reads back the same minor units from the text it writes, for any amount and digits", () => {
    fc.assert(
      fc.property(
        fc.nat({ max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: 0, max: 4 }),
        (minor, digits) => {
          const text = decimalText(minor, digits);
          return BigInt(text.replace(".", "")) === BigInt(minor) && (digits === 0 || /^\d+\.\d+$/.test(text));
        },
      ),
    );
  });

  it("knows the ISO digits from Intl", () => {
    expect(["JPY", "EUR", "KWD", "INR", "BRL"].map(currencyDigits)).toEqual([0, 2, 3, 2, 2]);
    expect(() => currencyDigits("XYZW")).toThrow(RangeError);
  });

  it("refuses fractions of a minor unit, negatives, unsafe numbers and malformed codes", () => {
    expect(() => assertMoney({ minor: 12.5, currency: "EUR" })).toThrow(/whole/);
    expect(() => assertMoney({ minor: -1, currency: "EUR" })).toThrow(/whole/);
    expect(() => assertMoney({ minor: 2 ** 53, currency: "EUR" })).toThrow(/whole/);
    expect(() => assertMoney({ minor: 1, currency: "eur" })).toThrow(/ISO 4217/);
    expect(() => decimalText(-5, 2)).toThrow(RangeError);
  });

  it("holds a rail to its one currency and to amounts above zero", () => {
    expect(() => assertCurrency({ minor: 100, currency: "EUR" }, "EUR", "SEPA")).not.toThrow();
    expect(() => assertCurrency({ minor: 100, currency: "USD" }, "EUR", "SEPA")).toThrow(
      "SEPA moves EUR only, not USD.",
    );
    expect(() => assertCurrency({ minor: 0, currency: "EUR" }, "EUR", "SEPA")).toThrow(/above zero/);
  });
});
