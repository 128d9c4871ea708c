import { describe, expect, it } from "vitest";
import { hasValidCrc } from "./emv";
import { isValidThaiId, parsePromptPayProxy, promptPayPayload } from "./promptpay";

// dtinth/promptpay-qr (the library behind promptpay.io), index.test.js: every expected payload,
// each CRC recomputed with Python's binascii.crc_hqx(…, 0xFFFF). Its test IDs (1111111111111,
// 0123456789012) are not real ones, so they go to the writer as proxies, past parsePromptPayProxy.
const PROMPTPAY_QR_CASES = [
  [
    "0066801234567",
    "mobile",
    undefined,
    "00020101021129370016A000000677010111011300668012345675802TH530376463046197",
  ],
  [
    "0066891234567",
    "mobile",
    undefined,
    "00020101021129370016A000000677010111011300668912345675802TH5303764630429C1",
  ],
  [
    "1111111111111",
    "id",
    undefined,
    "00020101021129370016A000000677010111021311111111111115802TH530376463047B5A",
  ],
  [
    "0123456789012",
    "id",
    undefined,
    "00020101021129370016A000000677010111021301234567890125802TH530376463040CBD",
  ],
  [
    "0066000000000",
    "mobile",
    422,
    "00020101021229370016A000000677010111011300660000000005802TH530376454044.226304E469",
  ],
  // promptpay.io's code for 091-869-5214, decoded from its PNG in chokchai9900/QR_Wiki.
  [
    "0066918695214",
    "mobile",
    undefined,
    "00020101021129370016A000000677010111011300669186952145802TH5303764630471E4",
  ],
] as const;

describe("promptPayPayload", () => {
  it.each(PROMPTPAY_QR_CASES)("writes %s (%s, %s satang) byte for byte", (value, type, minor, expected) => {
    const amount = minor === undefined ? undefined : { minor, currency: "THB" };
    expect(promptPayPayload({ proxy: { type, value }, amount })).toBe(expected);
    expect(hasValidCrc(expected)).toBe(true);
  });

  it("refuses another currency and malformed proxies", () => {
    const proxy = { type: "mobile", value: "0066812345678" } as const;
    expect(() => promptPayPayload({ proxy, amount: { minor: 100, currency: "USD" } })).toThrow(/THB/);
    expect(() => promptPayPayload({ proxy: { type: "mobile", value: "0812345678" } })).toThrow(/proxy/);
    expect(() => promptPayPayload({ proxy: { type: "id", value: "12345" } })).toThrow(/proxy/);
  });
});

describe("parsePromptPayProxy", () => {
  it.each([
    // promptpay-qr's own inputs for its first two payloads.
    ["0801234567", { type: "mobile", value: "0066801234567" }],
    ["080-123-4567", { type: "mobile", value: "0066801234567" }],
    ["+66-89-123-4567", { type: "mobile", value: "0066891234567" }],
    ["0066 89 123 4567", { type: "mobile", value: "0066891234567" }],
    ["1-1017-00230-70-8", { type: "id", value: "1101700230708" }],
    ["0105558123451", { type: "id", value: "0105558123451" }],
  ] as const)("reads %s", (input, proxy) => expect(parsePromptPayProxy(input)).toEqual(proxy));

  it.each([
    ["1111111111111", "an ID whose check digit is wrong"],
    ["0701234567", "a landline-shaped number"],
    ["+65 9123 4567", "a number outside Thailand"],
    ["12345", "too short"],
    ["abc", "not digits"],
  ])("refuses %s (%s)", (input) => expect(parsePromptPayProxy(input)).toBeNull());

  it("checks the Thai ID check digit", () => {
    expect(isValidThaiId("1101700230708")).toBe(true);
    expect(isValidThaiId("1101700230705")).toBe(false);
  });
});
