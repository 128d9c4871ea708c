import { expect, it } from "vitest";
import { REQUEST_BODY } from "#server/test/fixtures.ts";
import { as, createReadyUser, describeEachDatabase } from "#server/test/harness.ts";
import { INTERNATIONAL_PHONE_MESSAGES, PHONE_MESSAGES } from "#shared/messages.ts";

/** Accounts outside the US: contacts, splits and recurring requests read numbers and amounts their way. */
describeEachDatabase("an account's region", (ctx) => {
  const accountIn = async (country: string) => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const saved = await call("PUT", "/api/auth/profile", {
      profileName: "Ana",
      firstName: null,
      lastName: null,
      country,
    });
    expect(saved.statusCode).toBe(200);
    return call;
  };

  it("saves a contact's number as its country writes it, kept in E.164, and refuses a landline", async () => {
    const call = await accountIn("DE");
    const saved = await call("POST", "/api/payees", { name: "Jonas", phone: "0151 2345 6789" });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ name: "Jonas", phone: "+4915123456789" });
    // The same number written the international way is the same contact.
    const again = await call("POST", "/api/payees", { name: "Other", phone: "+49 151 23456789" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: "Jonas is saved with this number.",
      code: "conflict",
      field: "phone",
    });
    const renamed = await call("PATCH", `/api/payees/${saved.json().id}`, { phone: "0049 1512 3456780" });
    expect(renamed.json().phone).toBe("+4915123456780");
    const landline = await call("POST", "/api/payees", { name: "Office", phone: "030 123456" });
    expect(landline.json()).toEqual({
      message: `phone: ${INTERNATIONAL_PHONE_MESSAGES.notMobile}`,
      code: "invalid",
      field: "phone",
    });
  });

  it("keeps a US account's contacts to the spec's numbers", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const foreign = await call("POST", "/api/payees", { name: "Jonas", phone: "+49 151 23456789" });
    expect(foreign.json().message).toBe(`phone: ${PHONE_MESSAGES.notUs}`);
    const saved = await call("POST", "/api/payees", { name: "Sam", phone: "(212) 555-0101" });
    expect(saved.json().phone).toBe("2125550101");
  });

  it("splits a bill in the account's currency or the one named, in whole minor units", async () => {
    const call = await accountIn("DE");
    const people = [
      { name: "Jonas", phone: "0151 2345 6789" },
      { name: "Lena", phone: "+49 160 1234567" },
      { name: "Tom", phone: "0176 12345678" },
    ];
    const euros = await call("POST", "/api/splits", { total: "100", people });
    expect(euros.statusCode).toBe(201);
    const split = euros.json();
    expect(split).toMatchObject({ total: "100.00", currency: "EUR", outstanding: "100.00" });
    expect(split.shares.map((s: { request: { amount: string } }) => s.request.amount)).toEqual([
      "33.34",
      "33.33",
      "33.33",
    ]);
    expect(split.shares[0].request).toMatchObject({ currency: "EUR", recipientPhone: "+4915123456789" });
    expect(split.shares[0].smsMessage).toContain("€33.34");
    // Yen have no cents: 1,000 among three is 334, 333, 333.
    const yen = await call("POST", "/api/splits", { total: "1000", currency: "JPY", people });
    expect(yen.json()).toMatchObject({ total: "1000", currency: "JPY" });
    expect(yen.json().shares.map((s: { request: { amount: string } }) => s.request.amount)).toEqual([
      "334",
      "333",
      "333",
    ]);
    const custom = await call("POST", "/api/splits", {
      total: "100",
      currency: "JPY",
      people: [
        { ...people[0], amount: "50" },
        { ...people[1], amount: "49" },
      ],
    });
    expect(custom.json().message).toBe("The amounts must add up to ¥100; they add up to ¥99.");
    const decimals = await call("POST", "/api/splits", { total: "10.5", currency: "JPY", people });
    expect(decimals.json()).toMatchObject({
      message: "total: Please enter a whole amount in JPY, without decimals.",
      field: "total",
    });
  });

  it("makes a recurring series in its currency, changes its amount in that currency, and its requests carry it", async () => {
    const call = await accountIn("JP");
    const body = {
      recipientName: "Yui",
      recipientPhone: "090-1234-5678",
      amount: "50000",
      frequency: "monthly",
      startDate: new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10),
    };
    const created = await call("POST", "/api/recurring-requests", body);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      amount: "50000",
      currency: "JPY",
      recipientPhone: "+819012345678",
    });
    const id = created.json().id;
    const cents = await call("PATCH", `/api/recurring-requests/${id}`, { amount: "500.5" });
    expect(cents.json()).toEqual({
      message: "amount: Please enter a whole amount in JPY, without decimals.",
      code: "invalid",
      field: "amount",
    });
    const changed = await call("PATCH", `/api/recurring-requests/${id}`, { amount: "55000" });
    expect(changed.json()).toMatchObject({ amount: "55000", currency: "JPY" });
    const landline = await call("POST", "/api/recurring-requests", {
      ...body,
      recipientPhone: "03-1234-5678",
    });
    expect(landline.json().field).toBe("recipientPhone");
  });

  it("keeps a US series in dollars by the spec's rules", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const start = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const created = await call("POST", "/api/recurring-requests", {
      recipientName: REQUEST_BODY.recipientName,
      recipientPhone: REQUEST_BODY.recipientPhone,
      amount: "25",
      frequency: "monthly",
      startDate: start,
    });
    expect(created.json()).toMatchObject({ amount: "25.00", currency: "USD", recipientPhone: "2125550101" });
    const tooMuch = await call("PATCH", `/api/recurring-requests/${created.json().id}`, {
      amount: "1000000.01",
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().field).toBe("amount");
  });
});
