import { describe, expect, it } from "vitest";
import { currencyDigits } from "./money";
import { PAYPAL_CURRENCIES, parsePayPalUsername, paypalAmount, paypalLink, paypalTakes } from "./paypal";

describe("paypalLink", () => {
  it("writes docs/pay-buttons.md's link for US dollars", () => {
    expect(paypalLink({ username: "robin", amount: { minor: 2550, currency: "USD" } })).toBe(
      "https://paypal.me/robin/25.50USD",
    );
  });

  it("writes each currency with the digits PayPal takes", () => {
    expect(paypalLink({ username: "robin", amount: { minor: 1250, currency: "EUR" } })).toBe(
      "https://paypal.me/robin/12.50EUR",
    );
    expect(paypalLink({ username: "robin", amount: { minor: 1500, currency: "JPY" } })).toBe(
      "https://paypal.me/robin/1500JPY",
    );
    expect(paypalLink({ username: "robin", amount: { minor: 1500, currency: "HUF" } })).toBe(
      "https://paypal.me/robin/1500HUF",
    );
    // ISO gives the New Taiwan dollar two digits; PayPal takes whole dollars only.
    expect(paypalLink({ username: "robin", amount: { minor: 150000, currency: "TWD" } })).toBe(
      "https://paypal.me/robin/1500TWD",
    );
  });

  it("has no amount for what PayPal cannot take", () => {
    expect(paypalAmount({ minor: 150050, currency: "TWD" })).toBeNull();
    expect(paypalAmount({ minor: 100, currency: "INR" })).toBeNull();
    expect(paypalAmount({ minor: 1000, currency: "KWD" })).toBeNull();
    expect(paypalAmount({ minor: 0, currency: "USD" })).toBeNull();
    expect(() => paypalLink({ username: "robin", amount: { minor: 150050, currency: "TWD" } })).toThrow(
      /TWD/,
    );
    expect(() => paypalLink({ username: "robin.k", amount: { minor: 100, currency: "USD" } })).toThrow(
      /username/,
    );
  });

  it("lists PayPal's 24 currencies, zero-digit where PayPal says so and never with more digits than ISO", () => {
    expect(Object.keys(PAYPAL_CURRENCIES)).toHaveLength(24);
    for (const [code, { digits }] of Object.entries(PAYPAL_CURRENCIES)) {
      expect(digits, code).toBeLessThanOrEqual(currencyDigits(code));
      expect(paypalTakes(code)).toBe(true);
    }
    expect(["HUF", "JPY", "TWD"].map((c) => PAYPAL_CURRENCIES[c]?.digits)).toEqual([0, 0, 0]);
    expect(paypalTakes("INR")).toBe(false);
    expect(paypalTakes("toString")).toBe(false);
  });
});

describe("parsePayPalUsername", () => {
  it.each([
    ["robin", "robin"],
    ["paypal.me/RobinK", "RobinK"],
    ["https://www.paypal.me/robin/5", "robin"],
  ])("reads %s", (input, username) => expect(parsePayPalUsername(input)).toBe(username));

  it.each([
    "robin@example.com",
    "robin.k",
    "x".repeat(21),
    "",
    "https://example.com/robin",
    "evil.com/paypal.me/robin",
  ])("refuses %s", (input) => expect(parsePayPalUsername(input)).toBeNull());
});
