import { describe, expect, it } from "vitest";
import { hasValidCrc, readEmv } from "./emv";
import { isValidCnpj, isValidCpf, parsePixKey, pixPayload } from "./pix";

// Banco Central do Brasil, Manual de Padrões para Iniciação do Pix, BR Code chapter: the static
// example (random key, "Fulano de Tal", "BRASILIA", no amount). CRC 1D3D recomputed with
// Python's binascii.crc_hqx(…, 0xFFFF).
const BCB_STATIC_EXAMPLE =
  "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";

// The same manual's dynamic example (a PSP URL in 26/25 instead of a key): not written by this
// module, but a second BCB payload for the CRC, recomputed the same way (45C8).
const BCB_DYNAMIC_EXAMPLE =
  "00020101021226720014br.gov.bcb.pix2550bx.com.br/pix/8b3da2f3-9a41-40d1-a91a-bd93113bd4415204000053039865406123.455802BR5913Fulano de Tal6008BRASILIA62190515RP12345678-2019630445C8";

// A static code with an amount and a txid as a PSP issued it: Mercado Pago's sandbox response,
// kept in M-Robot35/Boilerplate-Node.js-Start (backend/exemplos-in-out/pix.ts). CRC 2B7C
// recomputed the same way.
const MERCADO_PAGO_EXAMPLE =
  "00020126580014br.gov.bcb.pix0136b76aa9c2-2ec4-4110-954e-ebfe34f05b61520400005303986540512.345802BR5911TE35069Wi056014Begz kGOBJEUte62230519mpqrinter132741051963042B7C";

describe("pixPayload", () => {
  it("writes BCB's static example byte for byte", () => {
    expect(
      pixPayload({
        key: "123e4567-e12b-12d1-a456-426655440000",
        merchantName: "Fulano de Tal",
        merchantCity: "BRASILIA",
      }),
    ).toBe(BCB_STATIC_EXAMPLE);
  });

  it("writes a PSP's static code with amount and txid byte for byte", () => {
    expect(
      pixPayload({
        key: "b76aa9c2-2ec4-4110-954e-ebfe34f05b61",
        merchantName: "TE35069Wi05",
        merchantCity: "Begz kGOBJEUte",
        amount: { minor: 1234, currency: "BRL" },
        txid: "mpqrinter1327410519",
      }),
    ).toBe(MERCADO_PAGO_EXAMPLE);
  });

  it("agrees with the CRCs of BCB's examples", () => {
    for (const payload of [BCB_STATIC_EXAMPLE, BCB_DYNAMIC_EXAMPLE, MERCADO_PAGO_EXAMPLE])
      expect(hasValidCrc(payload)).toBe(true);
  });

  it("puts the description in 26/02, folded to ASCII, and the amount in 54", () => {
    const payload = pixPayload({
      key: "+5511999998888",
      merchantName: "João Araújo",
      merchantCity: "São Paulo",
      amount: { minor: 5000, currency: "BRL" },
      description: "Pizza & açaí 🍕",
    });
    const objects = new Map(readEmv(payload));
    expect(readEmv(objects.get("26") as string)).toEqual([
      ["00", "br.gov.bcb.pix"],
      ["01", "+5511999998888"],
      ["02", "Pizza & acai"],
    ]);
    expect(objects.get("54")).toBe("50.00");
    expect(objects.get("59")).toBe("Joao Araujo");
    expect(objects.get("60")).toBe("Sao Paulo");
    expect(hasValidCrc(payload)).toBe(true);
  });

  it("cuts the name to 25 characters, the city to 15, and the description to what fits in 99", () => {
    const key = "someone.with.a.rather.long.address@example-domain.com.br";
    const payload = pixPayload({
      key,
      merchantName: "Carolina Rios de Souza Araújo Cacheada",
      merchantCity: "São João de Meriti",
      description: "x".repeat(200),
    });
    const objects = new Map(readEmv(payload));
    expect(objects.get("59")).toBe("Carolina Rios de Souza Ar");
    expect(objects.get("60")).toBe("Sao Joao de Mer");
    expect(objects.get("26")).toHaveLength(99);
    expect(readEmv(objects.get("26") as string)?.[2]).toEqual([
      "02",
      "x".repeat(99 - 18 - 4 - key.length - 4),
    ]);
  });

  it("refuses another currency, a bad txid, and a missing name or city", () => {
    const base = { key: "123e4567-e12b-12d1-a456-426655440000", merchantName: "A", merchantCity: "B" };
    expect(() => pixPayload({ ...base, amount: { minor: 100, currency: "USD" } })).toThrow(/BRL/);
    expect(() => pixPayload({ ...base, amount: { minor: 0, currency: "BRL" } })).toThrow(/above zero/);
    expect(() => pixPayload({ ...base, amount: { minor: 1.5, currency: "BRL" } })).toThrow(/whole/);
    expect(() => pixPayload({ ...base, txid: "order-42" })).toThrow(/txid/);
    expect(() => pixPayload({ ...base, txid: "x".repeat(26) })).toThrow(/txid/);
    expect(() => pixPayload({ ...base, merchantName: "🍕" })).toThrow(/name and city/);
  });
});

describe("parsePixKey", () => {
  it.each([
    ["Maria@Exemplo.com.br", { type: "email", key: "maria@exemplo.com.br" }],
    ["+55 (11) 99999-8888", { type: "phone", key: "+5511999998888" }],
    ["+5521964661738", { type: "phone", key: "+5521964661738" }],
    ["529.982.247-25", { type: "cpf", key: "52998224725" }],
    ["52998224725", { type: "cpf", key: "52998224725" }],
    ["11.222.333/0001-81", { type: "cnpj", key: "11222333000181" }],
    ["11222333000181", { type: "cnpj", key: "11222333000181" }],
    // Nota Técnica conjunta COCAD/SUARA/RFB nº 49/2024's alphanumeric example.
    ["12.ABC.345/01DE-35", { type: "cnpj", key: "12ABC34501DE35" }],
    ["12abc34501de35", { type: "cnpj", key: "12ABC34501DE35" }],
    ["B76AA9C2-2EC4-4110-954E-EBFE34F05B61", { type: "random", key: "b76aa9c2-2ec4-4110-954e-ebfe34f05b61" }],
  ] as const)("reads %s", (input, key) => expect(parsePixKey(input)).toEqual(key));

  it.each([
    ["529.982.247-24", "a CPF with a wrong check digit"],
    ["111.111.111-11", "a CPF of one repeated digit"],
    ["11.222.333/0001-82", "a CNPJ with a wrong check digit"],
    ["12.ABC.345/01DE-36", "an alphanumeric CNPJ with a wrong check digit"],
    ["11999998888", "a phone without +55 (11 digits, read as a CPF, and not a valid one)"],
    ["+1 212 555 0100", "a phone outside Brazil"],
    ["+55 11 3333-4444", "a landline"],
    ["123e4567-e12b-12d1-a456-426655440000", "a UUID that is not version 4"],
    ["maria@", "half an e-mail"],
    [`${"a".repeat(70)}@example.com`, "an e-mail over 77 characters"],
    ["", "nothing"],
  ])("refuses %s (%s)", (input) => expect(parsePixKey(input)).toBeNull());

  it("checks CPF and CNPJ digits directly", () => {
    expect(isValidCpf("52998224725")).toBe(true);
    expect(isValidCpf("5299822472")).toBe(false);
    expect(isValidCnpj("11222333000181")).toBe(true);
    expect(isValidCnpj("00000000000000")).toBe(false);
  });
});
