import { expect, it } from "vitest";
import { createSamLee, REQUEST_BODY } from "#server/test/fixtures.ts";
import { as, createReadyUser, describeEachDatabase } from "#server/test/harness.ts";
import { INTERNATIONAL_PHONE_MESSAGES, VALIDATION } from "#shared/messages.ts";

const codeOf = (shortUrl: string) => shortUrl.split("/pay/")[1] as string;

describeEachDatabase("a currency per request", (ctx) => {
  it("keeps a US account in dollars, its answers the spec's, its texts in $", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const created = await call("POST", "/api/payment-requests", REQUEST_BODY);
    expect(created.statusCode).toBe(201);
    const { request, smsMessage } = created.json();
    expect(request).toMatchObject({ amount: "12.00", currency: "USD" });
    expect(smsMessage).toContain("$12.00");
    // The public view of a US request is the spec's, with no currency in it.
    const view = await as(ctx.app, null)("GET", `/api/payment-screen/${codeOf(request.shortUrl)}`);
    expect(view.json().request).not.toHaveProperty("currency");
  });

  it("takes a request in any currency, exact in its minor unit, and writes it as money", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    for (const [currency, amount, stored, written] of [
      ["EUR", "12.5", "12.50", "€12.50"],
      ["JPY", "1500", "1500", "¥1,500"],
      ["KWD", "1.25", "1.250", "KWD 1.250"],
    ] as const) {
      const created = await call("POST", "/api/payment-requests", { ...REQUEST_BODY, amount, currency });
      expect(created.statusCode, currency).toBe(201);
      const { request, smsMessage } = created.json();
      expect(request, currency).toMatchObject({ amount: stored, currency });
      expect(smsMessage.replaceAll("\u00a0", " "), currency).toContain(written);
    }
    // The history's CSV names each amount's currency beside it.
    const csv = (await call("GET", "/api/payment-requests/export.csv")).body;
    for (const row of [",12.50,EUR,", ",1500,JPY,", ",1.250,KWD,"]) expect(csv).toContain(row);
  });

  it("refuses digits the currency does not have, and amounts over its cap, naming the amount", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const refused = async (amount: string, currency: string) => {
      const response = await call("POST", "/api/payment-requests", { ...REQUEST_BODY, amount, currency });
      expect(response.statusCode, `${amount} ${currency}`).toBe(400);
      return response.json().message as string;
    };
    expect(await refused("1500.5", "JPY")).toBe(
      "amount: Please enter a whole amount in JPY, without decimals.",
    );
    expect(await refused("1.2345", "KWD")).toBe(
      "amount: Please enter an amount with at most 3 decimal places in KWD.",
    );
    expect(await refused("1000000001", "EUR")).toBe(
      "amount: Please enter an amount of at most €1,000,000,000.00.",
    );
    expect(await refused("0", "EUR")).toBe(`amount: ${VALIDATION.amount.description}`);
    expect(await refused("12", "EURO")).toMatch(/^currency: /);
  });

  it("asks in the account's currency when none is sent", async () => {
    const user = await createReadyUser(ctx.app);
    const call = as(ctx.app, user);
    await call("PUT", "/api/auth/profile", {
      profileName: "Jonas",
      firstName: null,
      lastName: null,
      country: "DE",
    });
    const created = await call("POST", "/api/payment-requests", {
      ...REQUEST_BODY,
      recipientPhone: "0151 2345 6789",
      amount: "12.5",
    });
    expect(created.statusCode).toBe(201);
    // A German number written the German way, kept in E.164 and texted with its +.
    expect(created.json().request).toMatchObject({
      amount: "12.50",
      currency: "EUR",
      recipientPhone: "+4915123456789",
    });
    expect(created.json().smsMessage).toContain("€12.50");
    // A US number from a German account comes with its +1; a landline cannot take a text.
    const american = await call("POST", "/api/payment-requests", {
      ...REQUEST_BODY,
      recipientPhone: "+1 (212) 555-0101",
    });
    expect(american.json().request.recipientPhone).toBe("+12125550101");
    const landline = await call("POST", "/api/payment-requests", {
      ...REQUEST_BODY,
      recipientPhone: "030 123456",
    });
    expect(landline.statusCode).toBe(400);
    expect(landline.json()).toEqual({
      message: `recipientPhone: ${INTERNATIONAL_PHONE_MESSAGES.notMobile}`,
      code: "invalid",
      field: "recipientPhone",
    });
    // The amount is read in euros: a third decimal is refused with the currency's own words.
    const cents = await call("POST", "/api/payment-requests", {
      ...REQUEST_BODY,
      recipientPhone: "0151 2345 6789",
      amount: "12.505",
    });
    expect(cents.json().message).toBe("amount: Please enter an amount with at most 2 decimal places in EUR.");
  });

  it("shows the pay page in the request's currency, with only the apps that take it", async () => {
    const sam = await createSamLee(ctx.app, [
      { provider: "venmo", accountHandle: "@sam-lee" },
      { provider: "paypal", accountHandle: "samlee" },
    ]);
    const call = as(ctx.app, sam);
    const { request } = (
      await call("POST", "/api/payment-requests", { ...REQUEST_BODY, amount: "12.50", currency: "EUR" })
    ).json();
    const anyone = as(ctx.app, null);
    const view = (await anyone("GET", `/api/payment-screen/${codeOf(request.shortUrl)}`)).json();
    expect(view.request).toMatchObject({ amount: "12.50", currency: "EUR" });
    const page = (await anyone("GET", `/pay/${codeOf(request.shortUrl)}`)).body;
    expect(page).toContain("€12.50");
    expect(page).toContain("https://paypal.me/samlee/12.50EUR");
    expect(page).not.toContain("venmo.com");

    const venmoOnly = await createSamLee(ctx.app, [{ provider: "venmo", accountHandle: "@sam-lee" }]);
    const euros = (
      await as(ctx.app, venmoOnly)("POST", "/api/payment-requests", { ...REQUEST_BODY, currency: "EUR" })
    ).json().request;
    const none = (await anyone("GET", `/pay/${codeOf(euros.shortUrl)}`)).body;
    expect(none).toContain("None of Sam Lee&#x27;s payment methods takes EUR: ask Sam Lee how to pay.");
  });

  it("never adds two currencies: the summary has one total per currency, and the dollars' own", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    for (const [amount, currency] of [
      ["20.00", "USD"],
      ["5.25", "USD"],
      ["40", "EUR"],
      ["1500", "JPY"],
    ] as const) {
      expect(
        (await call("POST", "/api/payment-requests", { ...REQUEST_BODY, amount, currency })).statusCode,
      ).toBe(201);
    }
    const summary = (await call("GET", "/api/payment-requests/summary")).json();
    expect(summary).toMatchObject({ count: 4, outstanding: "25.25", collected: "0.00" });
    expect(summary.totals).toEqual([
      { currency: "USD", collected: "0.00", outstanding: "25.25" },
      { currency: "EUR", collected: "0.00", outstanding: "40.00" },
      { currency: "JPY", collected: "0", outstanding: "1500" },
    ]);
  });
});
