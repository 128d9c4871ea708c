import { describe, expect, it } from "vitest";
import { formatMoney, parseAmount, parseCents, sumAmounts } from "./money";

describe("parseAmount", () => {
  it.each([
    ["25", "25.00"],
    ["25.5", "25.50"],
    ["0.01", "0.01"],
    [" 7.10 ", "7.10"],
    ["1000000", "1000000.00"],
    ["1000000.00", "1000000.00"],
  ])("reads %j as %j", (input, amount) => expect(parseAmount(input)).toBe(amount));

  it.each([
    "0",
    "0.00",
    "-1",
    "1.234",
    "1e3",
    "NaN",
    "Infinity",
    "abc",
    "",
    ".5",
    "5.",
    "1,000",
    "1000000.01",
    "0x10",
  ])("refuses %j", (input) => expect(parseAmount(input)).toBeNull());
});

describe("formatMoney", () => {
  it("formats with a dollar sign, separators and two decimals", () => {
    expect(formatMoney("25.5")).toBe("$25.50");
    expect(formatMoney("1234567.8")).toBe("$1,234,567.80");
    expect(formatMoney("0.01")).toBe("$0.01");
  });
});

it("adds amounts exactly, in cents", () => {
  expect(sumAmounts(["0.10", "0.20"])).toBe("0.30");
  expect(sumAmounts([])).toBe("0.00");
  expect(parseCents("19.99")).toBe(1999);
});
