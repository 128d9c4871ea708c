import { describe, expect, it } from "vitest";
import { emvPayload, hasValidCrc, readEmv } from "./emv";
import { parsePayNowProxy, payNowPayload } from "./paynow";

// A reusable PayNow code (mobile proxy, amount left to the payer, merchant "NA"), quoted with its
// SGQR decoding in a public SGQR parser's tests (example_qr_code2). CRC 16D8 recomputed with
// Python's binascii.crc_hqx(…, 0xFFFF).
const REUSABLE =
  "00020101021126380009SG.PAYNOW010100211+6584554295030115204000053037025802SG5902NA6009SINGAPORE630416D8";

// the tingzhouu/sg-paynow-code library's own test (generatePayNowCode.test.ts): mobile proxy, S$888.88 not editable,
// expiry 2050-04-15, bill number. CRC 6B73 recomputed the same way. It differs from this module
// in two objects, hence in the CRC: that library writes Point of Initiation "11" even with a
// fixed amount, this module "12" (EMV: a code made for one payment); and its bill number has 28
// characters, where EMV QRCPS's Additional Data Field Template allows a Bill Number (62/01) of
// at most 25, to which this module cuts it.
const TINGZHOUU = {
  payload:
    "00020101021126500009SG.PAYNOW010100211+6590901234030100408205004155204000053037025406888.885802SG5902NA6009Singapore62320128Payment reference XX1234567863046B73",
  input: {
    proxy: { type: "mobile", value: "+6590901234" },
    amount: { minor: 88888, currency: "SGD" },
    expiry: "20500415",
    reference: "Payment reference XX12345678",
  },
} as const;

describe("payNowPayload", () => {
  it("writes the reusable code byte for byte", () => {
    expect(
      payNowPayload({ proxy: { type: "mobile", value: "+6584554295" }, merchantCity: "SINGAPORE" }),
    ).toBe(REUSABLE);
  });

  it("writes the published fixed-amount code object for object, but for its Point of Initiation", () => {
    const ours = payNowPayload(TINGZHOUU.input);
    const theirs = readEmv(TINGZHOUU.payload) ?? [];
    expect(hasValidCrc(TINGZHOUU.payload)).toBe(true);
    expect(hasValidCrc(ours)).toBe(true);
    const withoutCrc = (objects: [string, string][]) => objects.filter(([id]) => id !== "63");
    expect(withoutCrc(readEmv(ours) ?? [])).toEqual(
      withoutCrc(theirs).map(([id, value]) => [
        id,
        id === "01" ? "12" : id === "62" ? "0125Payment reference XX12345" : value,
      ]),
    );
    // And the shared writer, given the library's own objects, gives back its payload exactly.
    expect(emvPayload(withoutCrc(theirs))).toBe(TINGZHOUU.payload);
  });

  it("takes a UEN, an editable amount, a merchant name and folds the reference to ASCII", () => {
    const payload = payNowPayload({
      proxy: { type: "uen", value: "201403121W" },
      amount: { minor: 1250, currency: "SGD" },
      editable: true,
      merchantName: "Café Ünïcode Pte. Ltd.",
      reference: "Invoice № 42 – July",
    });
    const objects = new Map(readEmv(payload));
    expect(readEmv(objects.get("26") as string)).toEqual([
      ["00", "SG.PAYNOW"],
      ["01", "2"],
      ["02", "201403121W"],
      ["03", "1"],
    ]);
    expect(objects.get("01")).toBe("12");
    expect(objects.get("54")).toBe("12.50");
    expect(objects.get("59")).toBe("Cafe Unicode Pte. Ltd.");
    expect(objects.get("62")).toBe("0117Invoice 42 - July");
  });

  it("refuses another currency, a bad proxy or expiry, and a locked code with no amount", () => {
    const proxy = { type: "mobile", value: "+6591234567" } as const;
    expect(() => payNowPayload({ proxy, amount: { minor: 100, currency: "MYR" } })).toThrow(/SGD/);
    expect(() => payNowPayload({ proxy: { type: "mobile", value: "91234567" } })).toThrow(/proxy/);
    expect(() => payNowPayload({ proxy: { type: "uen", value: "12345" } })).toThrow(/proxy/);
    expect(() => payNowPayload({ proxy, expiry: "2050-04-15" })).toThrow(/YYYYMMDD/);
    expect(() => payNowPayload({ proxy, editable: false })).toThrow(/type one/);
  });
});

describe("parsePayNowProxy", () => {
  it.each([
    ["+65 9123 4567", { type: "mobile", value: "+6591234567" }],
    ["8123-4567", { type: "mobile", value: "+6581234567" }],
    ["6591234567", { type: "mobile", value: "+6591234567" }],
    ["201403121w", { type: "uen", value: "201403121W" }],
    ["53312345X", { type: "uen", value: "53312345X" }],
    ["T08LL0001A", { type: "uen", value: "T08LL0001A" }],
    ["201403121W001", { type: "uen", value: "201403121W001" }],
  ] as const)("reads %s", (input, proxy) => expect(parsePayNowProxy(input)).toEqual(proxy));

  it.each(["+44 7700 900123", "61234567", "+91234567", "9123456", "S1234567D", ""])("refuses %s", (input) =>
    expect(parsePayNowProxy(input)).toBeNull(),
  );
});
