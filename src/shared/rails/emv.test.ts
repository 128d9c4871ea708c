import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { crc16, type EmvField, emvAmount, emvObjects, emvPayload, hasValidCrc, readEmv, tlv } from "./emv";

/** A second CRC-16/CCITT-FALSE, bit by bit with no table, to check the module's against. */
function referenceCrc(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/** Rebuilds a payload from its own top-level objects (all but the CRC), values as they are. */
const rebuilt = (payload: string) =>
  emvPayload((readEmv(payload) ?? []).filter(([id]) => id !== "63") as unknown as EmvField[]);

// The worked example of EMV QRCPS Merchant-Presented Mode (EMVCo), quoted as the "official
// sample" by many parsers' tests: two merchant account templates, a Chinese alternate-language
// template (lengths count characters, the CRC runs over UTF-8 bytes) and CRC A13A, which
// Python's binascii.crc_hqx(…, 0xFFFF) confirms.
const EMVCO_EXAMPLE =
  "00020101021229300012D156000000000510A93FO3230Q31280012D15600000001030812345678520441115802CN5914BEST TRANSPORT6007BEIJING64200002ZH0104最佳运输0202北京540523.7253031565502016233030412340603***0708A60086670902ME91320016A0112233449988770708123456786304A13A";

describe("crc16", () => {
  it("gives CRC-16/CCITT-FALSE's check value, 29B1 for '123456789' (RevEng CRC catalogue)", () => {
    expect(crc16("123456789")).toBe("29B1");
  });

  it("agrees with a bit-by-bit implementation on any text, UTF-8 included", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme", maxLength: 80 }),
        (text) => crc16(text) === referenceCrc(text),
      ),
    );
  });

  it("pads to four hex digits", () => {
    const short = ["", "a", "ab", "abc", "000201"].map(crc16);
    for (const crc of short) expect(crc).toMatch(/^[0-9A-F]{4}$/);
    expect(crc16("")).toBe("FFFF");
  });
});

describe("the EMVCo worked example", () => {
  it("has a valid CRC, A13A", () => {
    expect(hasValidCrc(EMVCO_EXAMPLE)).toBe(true);
    expect(crc16(EMVCO_EXAMPLE.slice(0, -4))).toBe("A13A");
  });

  it("is written back byte for byte from its own data objects", () => {
    expect(rebuilt(EMVCO_EXAMPLE)).toBe(EMVCO_EXAMPLE);
  });

  it("reads its templates", () => {
    const objects = new Map(readEmv(EMVCO_EXAMPLE));
    expect(objects.get("64")).toBe("0002ZH0104最佳运输0202北京");
    expect(readEmv(objects.get("64") as string)).toEqual([
      ["00", "ZH"],
      ["01", "最佳运输"],
      ["02", "北京"],
    ]);
    expect(objects.get("54")).toBe("23.72");
  });
});

describe("tlv and emvPayload", () => {
  it("writes ID, two-digit length and value, templates nested", () => {
    expect(tlv("58", "BR")).toBe("5802BR");
    expect(
      emvObjects([
        ["62", [["05", "***"]]],
        ["59", "Fulano de Tal"],
      ]),
    ).toBe("62070503***5913Fulano de Tal");
  });

  it("refuses empty or overlong values and malformed IDs", () => {
    expect(() => tlv("59", "")).toThrow(RangeError);
    expect(() => tlv("59", "x".repeat(100))).toThrow(RangeError);
    expect(tlv("59", "x".repeat(99))).toHaveLength(103);
    expect(() => tlv("5", "x")).toThrow(RangeError);
    expect(() => emvObjects([["26", [["01", "x".repeat(96)]]]])).toThrow(/1 to 99/);
  });

  it("starts with the payload format indicator and adds the CRC itself", () => {
    expect(() => emvPayload([["58", "BR"]])).toThrow(/000201/);
    expect(() =>
      emvPayload([
        ["00", "01"],
        ["63", "ABCD"],
      ]),
    ).toThrow(/CRC/);
    const payload = emvPayload([
      ["00", "01"],
      ["58", "BR"],
    ]);
    expect(payload).toBe(`0002015802BR6304${crc16("0002015802BR6304")}`);
    expect(hasValidCrc(payload)).toBe(true);
  });

  it("finds a changed payload by its CRC", () => {
    const changed = EMVCO_EXAMPLE.replace("23.72", "93.72");
    expect(hasValidCrc(changed)).toBe(false);
    expect(hasValidCrc("0002015802BR")).toBe(false);
  });

  it("reads null from text that is not a run of data objects", () => {
    expect(readEmv("0002010")).toBeNull();
    expect(readEmv("00x201")).toBeNull();
    expect(readEmv("0000")).toBeNull();
  });
});

describe("emvAmount", () => {
  it("writes the currency's digits with a point", () => {
    expect(emvAmount({ minor: 1250, currency: "BRL" })).toBe("12.50");
    expect(emvAmount({ minor: 5, currency: "SGD" })).toBe("0.05");
    expect(emvAmount({ minor: 1500, currency: "JPY" })).toBe("1500");
  });

  it("refuses more than 13 characters", () => {
    expect(emvAmount({ minor: 999_999_999_999, currency: "THB" })).toBe("9999999999.99");
    expect(() => emvAmount({ minor: 1_000_000_000_000, currency: "THB" })).toThrow(/13 characters/);
  });
});
