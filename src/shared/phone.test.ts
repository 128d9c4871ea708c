import { describe, expect, it } from "vitest";
import { formatPhone, formatPhoneInput, normalizePhone, PHONE_INPUT_MAX_LENGTH } from "./phone";

describe("normalizePhone", () => {
  it.each([
    ["2125550101", "2125550101"],
    ["(212) 555-0101", "2125550101"],
    ["+1 212.555.0101", "2125550101"],
    ["1-212-555-0101", "2125550101"],
  ])("reads %s as %s", (input, digits) => expect(normalizePhone(input)).toBe(digits));

  it.each(["", "123", "(212) 555-010", "22125550101", "555123456789"])("refuses %s", (input) =>
    expect(normalizePhone(input)).toBeNull(),
  );
});

describe("formatPhoneInput", () => {
  it("formats as the user types", () => {
    expect(["5", "555", "5551", "555123", "5551234", "2125550101"].map(formatPhoneInput)).toEqual([
      "(5",
      "(555",
      "(555) 1",
      "(555) 123",
      "(555) 123-4",
      "(212) 555-0101",
    ]);
  });

  it("never passes 14 characters and drops a pasted +1", () => {
    expect(formatPhoneInput("+1 212.555.0101")).toBe("(212) 555-0101");
    expect(formatPhoneInput("555123456789").length).toBeLessThanOrEqual(PHONE_INPUT_MAX_LENGTH);
    expect(formatPhoneInput("abc")).toBe("");
  });

  it("shows stored digits formatted", () => {
    expect(formatPhone("2125550101")).toBe("(212) 555-0101");
    expect(formatPhone("12")).toBe("12");
  });
});
