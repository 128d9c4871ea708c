import { describe, expect, it } from "vitest";
import { formatPhone, formatPhoneInput, normalizePhone, PHONE_INPUT_MAX_LENGTH } from "./phone";

describe("normalizePhone", () => {
  it.each([
    ["5551234567", "5551234567"],
    ["(555) 123-4567", "5551234567"],
    ["+1 555.123.4567", "5551234567"],
    ["1-555-123-4567", "5551234567"],
  ])("reads %s as %s", (input, digits) => expect(normalizePhone(input)).toBe(digits));

  it.each(["", "123", "(555) 123-456", "25551234567", "555123456789"])("refuses %s", (input) =>
    expect(normalizePhone(input)).toBeNull(),
  );
});

describe("formatPhoneInput", () => {
  it("formats as the user types", () => {
    expect(["5", "555", "5551", "555123", "5551234", "5551234567"].map(formatPhoneInput)).toEqual([
      "(5",
      "(555",
      "(555) 1",
      "(555) 123",
      "(555) 123-4",
      "(555) 123-4567",
    ]);
  });

  it("never passes 14 characters and drops a pasted +1", () => {
    expect(formatPhoneInput("+1 555.123.4567")).toBe("(555) 123-4567");
    expect(formatPhoneInput("555123456789").length).toBeLessThanOrEqual(PHONE_INPUT_MAX_LENGTH);
    expect(formatPhoneInput("abc")).toBe("");
  });

  it("shows stored digits formatted", () => {
    expect(formatPhone("5551234567")).toBe("(555) 123-4567");
    expect(formatPhone("12")).toBe("12");
  });
});
