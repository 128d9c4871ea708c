import fullMobileMetadata from "libphonenumber-js/metadata.mobile.json";
import { describe, expect, it } from "vitest";
import { PHONE_MESSAGES } from "./messages";
import {
  checkPhone,
  formatPhone,
  formatPhoneEdit,
  formatPhoneInput,
  normalizePhone,
  PHONE_INPUT_MAX_LENGTH,
} from "./phone";
import nanpMetadata from "./phone-metadata.json";

describe("checkPhone", () => {
  it.each([
    ["2125550101", "2125550101"],
    ["(212) 555-0101", "2125550101"],
    ["+1 212.555.0101", "2125550101"],
    ["+12125550101", "2125550101"],
    ["1-212-555-0101", "2125550101"],
    ["1 (212) 555 0101", "2125550101"],
    [" [212] 555.0101 ", "2125550101"],
    ["(787) 555-0100", "7875550100"],
  ])("reads %s as %s", (input, digits) => expect(checkPhone(input)).toEqual({ ok: true, digits }));

  it("accepts the whole fictional test range (212) 555-0100 to 0199", () => {
    for (let n = 100; n <= 199; n++)
      expect(normalizePhone(`212555${String(n).padStart(4, "0")}`)).not.toBeNull();
  });

  it.each([
    ["+91 98765 43210"],
    ["+52 55 1234 5678"],
    ["+44 20 7946 0958"],
    ["011 44 20 7946 0958"],
    ["0044 20 7946 0958"],
    ["+1 416 555 0123"], // Canada shares +1 but is not the US
    ["(876) 555-0100"], // Jamaica
  ])("refuses another country's %s as not a US number", (input) =>
    expect(checkPhone(input)).toEqual({ ok: false, message: PHONE_MESSAGES.notUs }),
  );

  it.each([
    ["2125550100999"], // too long: never cut to 10 digits
    ["919876543210"],
    ["(212) 555-010"],
    ["(012) 555-0100"], // area code starting 0
    ["(112) 555-0100"], // area code starting 1
    ["(411) 555-0100"], // N11 area codes
    ["(911) 555-0100"],
    ["(212) 055-0100"], // exchange starting 0
    ["(212) 155-0100"], // exchange starting 1
    ["(212) 411-0100"], // N11 exchange
    ["(000) 000-0000"],
    ["(800) 555-0100"], // toll-free: cannot receive a text
    ["(900) 555-0100"],
    ["212-555-CALL"],
    ["212 555 0101 x12"],
    ["212+555+0101"],
    [""],
    ["   "],
  ])("refuses %s as not a valid US mobile number", (input) =>
    expect(checkPhone(input)).toEqual({ ok: false, message: PHONE_MESSAGES.invalid }),
  );

  it("ships exactly the +1 part of libphonenumber's mobile metadata", () => {
    // After a libphonenumber-js upgrade, regenerate the file, then `npx biome format --write` it:
    // node -e 'const m=require("libphonenumber-js/metadata.mobile.json"),c=m.country_calling_codes[1];
    //   require("fs").writeFileSync("src/shared/phone-metadata.json",JSON.stringify({version:m.version,
    //   country_calling_codes:{1:c},countries:Object.fromEntries(c.map((k)=>[k,m.countries[k]])),nonGeographic:{}}))'
    const codes = fullMobileMetadata.country_calling_codes["1"] ?? [];
    const countries = Object.fromEntries(
      codes.map((c) => [c, fullMobileMetadata.countries[c as keyof typeof fullMobileMetadata.countries]]),
    );
    expect(nanpMetadata).toEqual({
      version: fullMobileMetadata.version,
      country_calling_codes: { "1": codes },
      countries,
      nonGeographic: {},
    });
  });
});

describe("formatPhoneInput", () => {
  it("formats as the user types", () => {
    expect(["2", "212", "2125", "212555", "2125550", "2125550101"].map(formatPhoneInput)).toEqual([
      "(2",
      "(212",
      "(212) 5",
      "(212) 555",
      "(212) 555-0",
      "(212) 555-0101",
    ]);
  });

  it("keeps a typed +1 or 1 until the number is whole, then shows 14 characters", () => {
    expect(["+", "+1", "+12", "+1212555010", "+12125550101"].map(formatPhoneInput)).toEqual([
      "+",
      "+1",
      "+1 (2",
      "+1 (212) 555-010",
      "(212) 555-0101",
    ]);
    expect(formatPhoneInput("1212555")).toBe("1 (212) 555");
    expect(formatPhoneInput("+1 212.555.0101")).toBe("(212) 555-0101");
    expect(formatPhoneInput("12125550101")).toBe("(212) 555-0101");
    expect(formatPhoneInput("(212) 555-0101").length).toBe(PHONE_INPUT_MAX_LENGTH);
    expect(formatPhoneInput("abc")).toBe("");
  });

  it("never turns another country's number into a US one, nor cuts extra digits", () => {
    expect(formatPhoneInput("+91 98765 43210")).toBe("+91 98765 43210");
    expect(formatPhoneInput("+52 55 1234 5678")).toBe("+52 55 1234 5678");
    expect(formatPhoneInput("2125550100999")).toBe("2125550100999");
  });

  it("keeps the caret beside the digit being edited", () => {
    // "(212) 55-0101" with the missing 9 typed after the first 5: the caret stays after that 9.
    expect(formatPhoneEdit("(212) 595-0101", 8)).toEqual({ text: "(212) 595-0101", caret: 8 });
    // "(212) 555-0101" with its first 5 deleted: the caret stays after the 3rd digit.
    expect(formatPhoneEdit("(212) 55-0101", 6)).toEqual({ text: "(212) 550-101", caret: 4 });
    // An 11th digit typed in the middle is shown, unformatted, where it was typed.
    expect(formatPhoneEdit("(212) 5955-0101", 8)).toEqual({ text: "21259550101", caret: 5 });
    // Deleting the 2 of "212": the caret stays where the 2 was.
    expect(formatPhoneEdit("(21) 555-0101", 3)).toEqual({ text: "(215) 550-101", caret: 3 });
    // Backspace over the dash: the caret moves before it, the digits stay.
    expect(formatPhoneEdit("(212) 5550101", 9)).toEqual({ text: "(212) 555-0101", caret: 9 });
    // A pasted +1 number: the caret lands after the last digit.
    expect(formatPhoneEdit("+1 212 555 0101", 15)).toEqual({ text: "(212) 555-0101", caret: 14 });
    expect(formatPhoneEdit("+91 98765", 4)).toEqual({ text: "+91 98765", caret: 4 });
  });

  it("shows stored digits formatted", () => {
    expect(formatPhone("2125550101")).toBe("(212) 555-0101");
    expect(formatPhone("12")).toBe("12");
  });
});
