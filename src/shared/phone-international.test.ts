import { describe, expect, it } from "vitest";
import { INTERNATIONAL_PHONE_MESSAGES, PHONE_MESSAGES } from "./messages";
import { checkMobile, formatInternational } from "./phone-international";

describe("mobile numbers by the account's country", () => {
  it("reads a German mobile number written the German way or with +49, and stores E.164", () => {
    expect(checkMobile("0151 2345 6789", "DE")).toEqual({ ok: true, stored: "+4915123456789" });
    expect(checkMobile("+49 151 23456789", "DE")).toEqual({ ok: true, stored: "+4915123456789" });
    expect(checkMobile("0049 151 23456789", "DE")).toEqual({ ok: true, stored: "+4915123456789" });
    expect(checkMobile("0151/23456789", "DE")).toEqual({ ok: true, stored: "+4915123456789" });
  });

  it("reads each country's own way of writing a mobile number", () => {
    expect(checkMobile("98765 43210", "IN")).toEqual({ ok: true, stored: "+919876543210" });
    expect(checkMobile("(11) 98765-4321", "BR")).toEqual({ ok: true, stored: "+5511987654321" });
    expect(checkMobile("070-123 45 67", "SE")).toEqual({ ok: true, stored: "+46701234567" });
    expect(checkMobile("06 12 34 56 78", "FR")).toEqual({ ok: true, stored: "+33612345678" });
  });

  it("takes a number from another country when it is written with its +", () => {
    expect(checkMobile("+91 98765 43210", "DE")).toEqual({ ok: true, stored: "+919876543210" });
  });

  it("refuses a landline (no text messages reach it) and text that is not a number", () => {
    expect(checkMobile("030 1234567", "DE")).toEqual({
      ok: false,
      message: INTERNATIONAL_PHONE_MESSAGES.notMobile,
    });
    expect(checkMobile("12", "DE")).toEqual({ ok: false, message: INTERNATIONAL_PHONE_MESSAGES.invalid });
    expect(checkMobile("0151 2345 678x", "DE")).toEqual({
      ok: false,
      message: INTERNATIONAL_PHONE_MESSAGES.invalid,
    });
    expect(checkMobile("", "DE")).toEqual({ ok: false, message: INTERNATIONAL_PHONE_MESSAGES.invalid });
  });

  it("keeps a US account on the spec's 10 digits and messages", () => {
    expect(checkMobile("(212) 555-0101", "US")).toEqual({ ok: true, stored: "2125550101" });
    expect(checkMobile("+49 151 23456789", "US")).toEqual({ ok: false, message: PHONE_MESSAGES.notUs });
    expect(checkMobile("555", "US")).toEqual({ ok: false, message: PHONE_MESSAGES.invalid });
  });

  it("shows an E.164 number as people read it", () => {
    // libphonenumber groups it as the German numbering plan does.
    expect(formatInternational("+4915123456789")).toBe("+49 1512 3456789");
    expect(formatInternational("+5511987654321")).toBe("+55 11 98765 4321");
  });
});
