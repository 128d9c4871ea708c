import { describe, expect, it } from "vitest";
import { parseSwishNumber, swishAppLink, swishMessage, swishQrPayload } from "./swish";

describe("swishQrPayload", () => {
  it("writes the example of Swish's QR code specification (§6.1) byte for byte", () => {
    // "if a company (1237856901) send an invoice for 100SEK with OCR number 12229445, then the
    // content of the QR code is … C1237856901;100,00;12229445;0"
    expect(
      swishQrPayload({ payee: "1237856901", amount: { minor: 10000, currency: "SEK" }, message: "12229445" }),
    ).toBe("C1237856901;100,00;12229445;0");
  });

  it("URL-encodes the message and sets the lock mask's bits (amount 2, message 4) for what may be edited", () => {
    expect(
      swishQrPayload({
        payee: "46701234567",
        amount: { minor: 12550, currency: "SEK" },
        message: "Pizza & öl; tack!",
        editable: { message: true },
      }),
    ).toBe("C46701234567;125,50;Pizza%20%26%20%C3%B6l%3B%20tack%21;4");
    expect(swishQrPayload({ payee: "1231181189", message: "Gåva" })).toBe("C1231181189;;G%C3%A5va;2");
    expect(
      swishQrPayload({
        payee: "1231181189",
        amount: { minor: 100, currency: "SEK" },
        editable: { amount: true, message: true },
      }),
    ).toBe("C1231181189;1,00;;6");
  });

  it("refuses another currency and a number that is not a Swish number", () => {
    expect(() => swishQrPayload({ payee: "1231181189", amount: { minor: 100, currency: "NOK" } })).toThrow(
      /SEK/,
    );
    expect(() => swishQrPayload({ payee: "0701234567" })).toThrow(/Swish number/);
  });
});

describe("swishAppLink", () => {
  it("carries the prefilled request's JSON, the amount written as decimal text", () => {
    const link = swishAppLink({
      payee: "46701234567",
      amount: { minor: 12550, currency: "SEK" },
      message: "Pizza 🍕 & öl",
    });
    expect(link.startsWith("swish://payment?data=")).toBe(true);
    const json = decodeURIComponent(link.slice("swish://payment?data=".length));
    expect(json).toBe(
      '{"version":1,"payee":{"value":"46701234567","editable":false},"amount":{"value":125.50,"editable":false},"message":{"value":"Pizza & öl","editable":false}}',
    );
    expect(JSON.parse(json).amount.value).toBe(125.5);
  });

  it("lets the payer type the amount when there is none", () => {
    const json = decodeURIComponent(swishAppLink({ payee: "9001234" }).split("data=")[1] as string);
    expect(JSON.parse(json)).toEqual({ version: 1, payee: { value: "9001234", editable: false } });
    expect(swishQrPayload({ payee: "9001234" })).toBe("C9001234;;;6");
  });
});

describe("parseSwishNumber", () => {
  it.each([
    ["070-123 45 67", "46701234567"],
    ["+46 70 123 45 67", "46701234567"],
    ["0046701234567", "46701234567"],
    ["46761234567", "46761234567"],
    ["123 118 11 89", "1231181189"],
    ["1237856901", "1237856901"],
    ["900 12 34", "9001234"],
  ])("reads %s as %s", (input, number) => expect(parseSwishNumber(input)).toBe(number));

  it.each(["08-123 456 78", "0741234567", "+47 912 34 567", "+46 123 118 11 89", "12311811890", ""])(
    "refuses %s",
    (input) => expect(parseSwishNumber(input)).toBeNull(),
  );
});

describe("swishMessage", () => {
  it("keeps Swedish letters and Swish's punctuation, drops the rest, and cuts to 50 characters", () => {
    expect(swishMessage("Middag 🍝 på Åre – tack!")).toBe("Middag på Åre tack!");
    expect(swishMessage("x".repeat(60))).toHaveLength(50);
    expect(swishMessage("Rad 1\nRad 2")).toBe("Rad 1 Rad 2");
  });
});
