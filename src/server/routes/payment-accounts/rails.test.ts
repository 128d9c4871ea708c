import { expect, it } from "vitest";
import { as, createReadyUser, describeEachDatabase } from "#server/test/harness.ts";

describeEachDatabase("payment accounts: the rails", (ctx) => {
  it("saves each rail with its handle as typed; a bank transfer with its holder and BIC", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const accounts = [
      { provider: "promptpay", accountHandle: "081-234-5678" },
      { provider: "paynow", accountHandle: "+65 9123 4567" },
      { provider: "monzo", accountHandle: "samlee" },
      { provider: "swish", accountHandle: "070 123 45 67" },
      {
        provider: "sepa",
        accountHandle: "FR14 2004 1010 0505 0001 3M02 606",
        holderName: "  Élodie Martin ",
        bic: " psst frpp par ",
      },
      { provider: "pix", accountHandle: "123.456.789-09" },
      { provider: "upi", accountHandle: "samlee@okaxis" },
      { provider: "paypal", accountHandle: "samlee" },
    ];
    const saved = await call("POST", "/api/payment-accounts", { accounts });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual([
      { provider: "paypal", accountHandle: "samlee" },
      { provider: "upi", accountHandle: "samlee@okaxis" },
      { provider: "pix", accountHandle: "123.456.789-09" },
      {
        provider: "sepa",
        accountHandle: "FR14 2004 1010 0505 0001 3M02 606",
        holderName: "Élodie Martin",
        bic: "PSSTFRPPPAR",
      },
      { provider: "swish", accountHandle: "070 123 45 67" },
      { provider: "monzo", accountHandle: "samlee" },
      { provider: "paynow", accountHandle: "+65 9123 4567" },
      { provider: "promptpay", accountHandle: "081-234-5678" },
    ]);
    expect((await call("GET", "/api/payment-accounts")).json()).toEqual(saved.json());
  });

  it("keeps a holder and BIC off every other provider, and a BIC may be left out", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const saved = await call("POST", "/api/payment-accounts", {
      accounts: [
        { provider: "upi", accountHandle: "samlee@okaxis", holderName: "Sam", bic: "COBADEFFXXX" },
        { provider: "sepa", accountHandle: "DE89370400440532013000", holderName: "Sam Lee", bic: null },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual([
      { provider: "upi", accountHandle: "samlee@okaxis" },
      { provider: "sepa", accountHandle: "DE89370400440532013000", holderName: "Sam Lee" },
    ]);
  });

  it("refuses each rail's malformed handle with a sentence naming the method, and a bank transfer without its holder", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const bad: [Record<string, unknown>, string][] = [
      [
        { provider: "upi", accountHandle: "samlee" },
        "accounts.0.accountHandle: UPI: enter your UPI ID, like yourname@okaxis.",
      ],
      [
        { provider: "pix", accountHandle: "11999998888" },
        "accounts.0.accountHandle: Pix: enter a Pix key: an email, a mobile number with +55, a CPF, a CNPJ or a random key.",
      ],
      [
        { provider: "sepa", accountHandle: "DE89370400440532013001", holderName: "Sam Lee" },
        "accounts.0.accountHandle: Bank transfer (SEPA): this IBAN is not valid; check it against your bank's.",
      ],
      [
        { provider: "sepa", accountHandle: "DE89370400440532013000" },
        "accounts.0.holderName: Bank transfer (SEPA): please enter the account holder's name.",
      ],
      [
        { provider: "sepa", accountHandle: "DE89370400440532013000", holderName: "Sam", bic: "COBA" },
        "accounts.0.bic: Bank transfer (SEPA): a BIC has 8 or 11 letters and digits, like COBADEFFXXX.",
      ],
      [
        { provider: "swish", accountHandle: "12345" },
        "accounts.0.accountHandle: Swish: enter the Swedish mobile number or 123 number your Swish account pays to.",
      ],
      [
        { provider: "monzo", accountHandle: "https://example.com/sam" },
        "accounts.0.accountHandle: Monzo: enter your monzo.me username, like yourname.",
      ],
      [
        { provider: "paynow", accountHandle: "1234" },
        "accounts.0.accountHandle: PayNow: enter a Singapore mobile number (8 digits) or your UEN.",
      ],
      [
        { provider: "promptpay", accountHandle: "1234" },
        "accounts.0.accountHandle: PromptPay: enter a Thai mobile number or your 13-digit ID.",
      ],
    ];
    for (const [account, message] of bad) {
      const response = await call("POST", "/api/payment-accounts", { accounts: [account] });
      expect(response.statusCode, JSON.stringify(account)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect((await call("GET", "/api/payment-accounts")).json()).toEqual([
      { provider: "venmo", accountHandle: "@test-user" },
    ]);
  });
});
