import { describe, expect, it } from "vitest";
import {
  EPC_ERROR_CORRECTION,
  epcPayload,
  formatIban,
  isSepaIban,
  parseBic,
  parseCreditorReference,
  parseIban,
} from "./sepa";

// The sample of EPC069-12 (Belgian Red Cross, €1, purpose CHAR, text "Urgency fund",
// information "Sample EPC QR code"), as the Wikipedia article "EPC QR code" and public EPC
// parsers' tests quote it. The sample is written as version 001 with the amount "EUR1"; this
// module writes version 002 and always two decimals ("EUR1.00"), which the guidelines allow
// ("EUR" + an amount of 0.01 to 999999999.99, at most two decimals), so those two lines differ.
const EPC_SAMPLE_LINES = [
  "BCD",
  "001",
  "1",
  "SCT",
  "BPOTBEB1",
  "Red Cross",
  "BE72000000001616",
  "EUR1",
  "CHAR",
  "",
  "Urgency fund",
  "Sample EPC QR code",
];

const redCross = {
  bic: "BPOTBEB1",
  name: "Red Cross",
  iban: "BE72 0000 0000 1616",
  amount: { minor: 100, currency: "EUR" },
  purpose: "CHAR",
  remittance: "Urgency fund",
  information: "Sample EPC QR code",
};

describe("epcPayload", () => {
  it("writes the EPC069-12 sample, as version 002 with a two-decimal amount", () => {
    const expected = EPC_SAMPLE_LINES.map((line, i) => (i === 1 ? "002" : i === 7 ? "EUR1.00" : line)).join(
      "\n",
    );
    expect(epcPayload(redCross)).toBe(expected);
  });

  it("leaves the BIC line empty in version 002 and drops empty lines at the end", () => {
    expect(
      epcPayload({ name: "Red Cross", iban: "BE72000000001616", amount: { minor: 1250, currency: "EUR" } }),
    ).toBe("BCD\n002\n1\nSCT\n\nRed Cross\nBE72000000001616\nEUR12.50");
  });

  it("writes a creditor reference in line 10 and keeps line 11 empty", () => {
    const payload = epcPayload({
      ...redCross,
      remittance: null,
      information: null,
      reference: "rf18 5390 0754 7034",
    });
    expect(payload.split("\n").slice(8)).toEqual(["CHAR", "RF18539007547034"]);
  });

  it("keeps each field on its one line and within its length", () => {
    const payload = epcPayload({
      ...redCross,
      name: `Red\nCross ${"x".repeat(80)}`,
      remittance: `Invoice 42\r\nthanks ${"y".repeat(200)}`,
      information: "",
    });
    const lines = payload.split("\n");
    expect(lines).toHaveLength(11);
    expect(lines[5]).toBe(`Red Cross ${"x".repeat(60)}`);
    expect(lines[10]).toHaveLength(140);
    expect(lines[10]?.startsWith("Invoice 42 thanks y")).toBe(true);
  });

  it("stays within 331 bytes, giving up the information line first, then remittance text", () => {
    const long = {
      ...redCross,
      name: "赤十字".repeat(20),
      remittance: "寄付".repeat(70),
      information: "ありがとう".repeat(14),
    };
    const payload = epcPayload(long);
    expect(new TextEncoder().encode(payload).length).toBeLessThanOrEqual(331);
    const lines = payload.split("\n");
    expect(lines).toHaveLength(11);
    expect(lines[5]).toBe("赤十字".repeat(20));
    expect(lines[10]?.length).toBeLessThan(140);
  });

  it("takes amounts from EUR 0.01 to 999,999,999.99 and nothing but euros", () => {
    expect(epcPayload({ ...redCross, amount: { minor: 1, currency: "EUR" } })).toContain("\nEUR0.01\n");
    expect(epcPayload({ ...redCross, amount: { minor: 99_999_999_999, currency: "EUR" } })).toContain(
      "\nEUR999999999.99\n",
    );
    expect(() => epcPayload({ ...redCross, amount: { minor: 100_000_000_000, currency: "EUR" } })).toThrow(
      /999999999.99/,
    );
    expect(() => epcPayload({ ...redCross, amount: { minor: 0, currency: "EUR" } })).toThrow(/above zero/);
    expect(() => epcPayload({ ...redCross, amount: { minor: 100, currency: "CHF" } })).toThrow(/EUR/);
  });

  it("refuses a bad IBAN, an IBAN outside SEPA, a bad BIC, purpose or reference, and both reference and text", () => {
    expect(() => epcPayload({ ...redCross, iban: "BE72000000001617" })).toThrow(/IBAN/);
    expect(() => epcPayload({ ...redCross, iban: "BR1800360305000010009795493C1" })).toThrow(/SEPA/);
    expect(() => epcPayload({ ...redCross, bic: "ABN4NL2A" })).toThrow(/BIC/);
    expect(() => epcPayload({ ...redCross, purpose: "CHARITY" })).toThrow(/purpose/);
    expect(() => epcPayload({ ...redCross, reference: "RF19539007547034" })).toThrow(/11649/);
    expect(() => epcPayload({ ...redCross, reference: "RF18539007547034" })).toThrow(/not both/);
    expect(() => epcPayload({ ...redCross, name: " \n " })).toThrow(/name/);
  });

  it("asks for error correction level M", () => {
    expect(EPC_ERROR_CORRECTION).toBe("M");
  });
});

describe("IBAN, BIC and creditor reference", () => {
  it("reads an IBAN however it is spaced and prints it in groups of four", () => {
    expect(parseIban(" de89 3704 0044 0532 0130 00 ")).toBe("DE89370400440532013000");
    expect(formatIban("DE89370400440532013000")).toBe("DE89 3704 0044 0532 0130 00");
    expect(formatIban("nl91abna0417164300")).toBe("NL91 ABNA 0417 1643 00");
    expect(parseIban("DE89370400440532013001")).toBeNull();
    expect(parseIban("not an iban")).toBeNull();
  });

  it("knows which IBANs an EPC QR code can pay", () => {
    expect(isSepaIban("DE89370400440532013000")).toBe(true);
    expect(isSepaIban("CH9300762011623852957")).toBe(true);
    expect(isSepaIban("BR1800360305000010009795493C1")).toBe(false);
  });

  it("reads 8- and 11-character BICs", () => {
    expect(parseBic("bpot beb1")).toBe("BPOTBEB1");
    expect(parseBic("NEDSZAJJXXX")).toBe("NEDSZAJJXXX");
    expect(parseBic("ABN4NL2A")).toBeNull();
  });

  it("checks ISO 11649 references with their example, RF18 5390 0754 7034", () => {
    expect(parseCreditorReference("RF18 5390 0754 7034")).toBe("RF18539007547034");
    expect(parseCreditorReference("RF18539007547035")).toBeNull();
    expect(parseCreditorReference("RF00")).toBeNull();
  });
});
