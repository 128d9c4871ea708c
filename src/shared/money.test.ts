import { describe, expect, it } from "vitest";
import { LIMIT_MESSAGES, VALIDATION } from "./messages";
import { amountProblem, formatMoney, parseAmount, parseCents, sumAmounts } from "./money";
import { typedAmount } from "./typed-amount";

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

describe("amountProblem", () => {
  it("has none for what parseAmount reads", () => {
    for (const input of ["25", "25.5", "0.01", " 7.10 ", "1000000", "1000000.00", "0001"]) {
      expect(amountProblem(input), input).toBeNull();
    }
  });

  it("says 'greater than $0' for no number, or nothing above zero", () => {
    for (const input of ["", "0", "0.000", "-1", "1e3", "NaN", "Infinity", "abc", "1,000", "0x10"]) {
      expect(amountProblem(input), input).toBe(VALIDATION.amount.description);
    }
  });

  it("then names the cap, compared as digits rather than floats", () => {
    for (const input of [
      "1000000.01",
      "1000001",
      "2000000.",
      "1000000.001",
      "1000000.0000000001",
      "10000000",
      "99999999999999999999",
    ]) {
      expect(amountProblem(input), input).toBe(LIMIT_MESSAGES.amountTooLarge);
    }
    expect(amountProblem("1000000.000")).toBe(LIMIT_MESSAGES.amountDecimals);
  });

  it("then the 2 decimals", () => {
    for (const input of ["1.234", "0.001", "999999.999"]) {
      expect(amountProblem(input), input).toBe(LIMIT_MESSAGES.amountDecimals);
    }
  });
});

describe("formatMoney", () => {
  it("formats with a dollar sign, separators and two decimals", () => {
    expect(formatMoney("25.5")).toBe("$25.50");
    expect(formatMoney("1234567.8")).toBe("$1,234,567.80");
    expect(formatMoney("0.01")).toBe("$0.01");
  });
});

it("reads amounts exactly, in cents", () => {
  expect(parseCents("19.99")).toBe(1999);
});

it("adds amounts exactly, in cents (a split's outstanding total)", () => {
  expect(sumAmounts(["0.10", "0.20"])).toBe("0.30");
  expect(sumAmounts([])).toBe("0.00");
});

describe("typedAmount", () => {
  it.each([
    ["12,50", "12.50"],
    ["12,5", "12.5"],
    [",5", "0.5"],
    ["1,250", "1250"],
    ["$1,234.50", "1234.50"],
    ["1,000,000", "1000000"],
    ["$ 25", "25"],
    [" 40 ", "40"],
    [".5", "0.5"],
    ["5.", "5"],
    ["25.5", "25.5"],
  ])("reads %j as %j", (input, amount) => {
    expect(typedAmount(input)).toBe(amount);
    expect(parseAmount(typedAmount(input))).not.toBeNull();
  });

  // "12,50" became $1,250.00 in the browser's number field; what cannot be read one way only is
  // refused, never reinterpreted.
  it.each(["1,2,3", "1.250,50", "12,500.5,0", "1,25,0", "€12", "12,50 $", "1,,0"])(
    "leaves %j for the schema to refuse",
    (input) => expect(parseAmount(typedAmount(input))).toBeNull(),
  );
});

describe("typedAmount where the comma is the decimal mark", () => {
  it.each([
    ["12,50", "12.50"],
    ["1.250,00", "1250.00"],
    ["1 250,5", "1250.5"],
    ["1\u00a0250,5", "1250.5"],
    ["1.250", "1250"],
    ["€ 12,5", "12.5"],
    ["12,5 €", "12.5"],
    [",5", "0.5"],
  ])("reads %j as %j", (input, amount) => {
    expect(typedAmount(input, ",")).toBe(amount);
  });

  it.each(["1,2,3", "1.25.0", "12,50,1"])("gives %j back to be refused", (input) => {
    expect(parseAmount(typedAmount(input, ","))).toBeNull();
  });
});

describe("sumAmounts in a currency", () => {
  it("adds whole minor units of that currency", () => {
    expect(sumAmounts(["334", "333", "333"], "JPY")).toBe("1000");
    expect(sumAmounts(["1.250", "0.005"], "KWD")).toBe("1.255");
    expect(sumAmounts(["33.34", "33.33"])).toBe("66.67");
  });
});
