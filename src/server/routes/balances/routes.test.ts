import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { as, createReadyUser, describeEachDatabase, nextIp, TEST_ORIGIN } from "#server/test/harness.ts";

const sam = { recipientName: "Sam Lee", recipientPhone: "2125550101" };

describeEachDatabase("one balance per person", (ctx) => {
  it("lists what is open with one person, oldest first, with what is left per currency", async () => {
    // Before: three open requests to the same person were three separate cards; nothing said
    // what Sam owed in all.
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const make = async (body: object) => (await call("POST", "/api/payment-requests", body)).json().request;
    const rent = await make({ ...sam, amount: "1450", description: "Rent" });
    const dinner = await make({ ...sam, amount: "40", description: "Dinner" });
    const trip = await make({ ...sam, amount: "100", currency: "EUR", description: "Trip" });
    const paid = await make({ ...sam, amount: "5", description: "Coffee" });
    await make({ recipientName: "Kim Park", recipientPhone: "2125550102", amount: "12" });
    await call("PATCH", `/api/payment-requests/${paid.id}/status`, { status: "paid" });
    await call("POST", `/api/payment-requests/${rent.id}/payments`, { amount: "1000" });

    const balance = await call("GET", "/api/balances/2125550101");
    expect(balance.statusCode, balance.body).toBe(200);
    expect(balance.json()).toMatchObject({
      phone: "2125550101",
      name: "Sam Lee",
      totals: [
        { currency: "USD", owed: "490.00", count: 2 },
        { currency: "EUR", owed: "100.00", count: 1 },
      ],
    });
    expect(balance.json().requests.map((r: { id: string }) => r.id)).toEqual([rent.id, dinner.id, trip.id]);

    // A page at a time, by keyset: the next page follows the Link header.
    const first = await call("GET", "/api/balances/2125550101?limit=2");
    expect(first.json().requests).toHaveLength(2);
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1] as string;
    const second = await call("GET", next);
    expect(second.json().requests.map((r: { id: string }) => r.id)).toEqual([trip.id]);
    expect(second.headers.link).toBeUndefined();
  });

  it("is the caller's own: another account, an unknown number and a malformed one find nothing", async () => {
    const alice = as(ctx.app, await createReadyUser(ctx.app));
    const bob = as(ctx.app, await createReadyUser(ctx.app));
    await alice("POST", "/api/payment-requests", { ...sam, amount: "10" });
    expect((await bob("GET", "/api/balances/2125550101")).statusCode).toBe(404);
    expect((await alice("GET", "/api/balances/2125550199")).statusCode).toBe(404);
    expect((await alice("GET", "/api/balances/not-a-phone")).statusCode).toBe(400);
    expect((await as(ctx.app, null)("GET", "/api/balances/2125550101")).statusCode).toBe(401);
    // A saved contact with nothing open: their name, and nothing owed.
    await alice("POST", "/api/payees", { name: "Kim Park", phone: "2125550102" });
    expect((await alice("GET", "/api/balances/2125550102")).json()).toMatchObject({
      name: "Kim Park",
      totals: [],
      requests: [],
    });
  });
});

describeEachDatabase("Request all", (ctx) => {
  const claimAll = (code: string, body: object, headers = {}) =>
    ctx.app.inject({
      method: "POST",
      url: `/api/payment-screen/${code}/claim`,
      remoteAddress: nextIp(),
      headers: { origin: TEST_ORIGIN, "content-type": "application/json", ...headers },
      payload: JSON.stringify(body),
    });

  it("texts one link for everything open in a currency; its page lists them and asks for the total", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const make = async (body: object) => (await call("POST", "/api/payment-requests", body)).json().request;
    const rent = await make({ ...sam, amount: "1450", description: "Rent" });
    await make({ ...sam, amount: "40", description: "Dinner" });
    await make({ ...sam, amount: "100", currency: "EUR", description: "Trip" });
    await call("POST", `/api/payment-requests/${rent.id}/payments`, { amount: "1000" });

    const made = await call("POST", "/api/balances/2125550101/link", {});
    expect(made.statusCode, made.body).toBe(200);
    const link = made.json();
    expect(link).toMatchObject({ currency: "USD", amount: "490.00", count: 2 });
    expect(link.smsMessage).toBe(
      `Hi Sam, Test User is requesting $490.00 in all, for 2 requests. Pay here: ${link.shortUrl}`,
    );
    // The same link each time; another currency has its own.
    expect((await call("POST", "/api/balances/2125550101/link", { currency: "USD" })).json().shortUrl).toBe(
      link.shortUrl,
    );
    const euros = (await call("POST", "/api/balances/2125550101/link", { currency: "EUR" })).json();
    expect(euros).toMatchObject({ currency: "EUR", amount: "100.00", count: 1 });
    expect(euros.shortUrl).not.toBe(link.shortUrl);
    expect((await call("POST", "/api/balances/2125550101/link", { currency: "GBP" })).statusCode).toBe(404);

    const code = link.shortUrl.split("/").pop() as string;
    const view = (
      await ctx.app.inject({ url: `/api/payment-screen/${code}`, remoteAddress: nextIp() })
    ).json();
    expect(view.request).toMatchObject({
      amount: "490.00",
      status: "pending",
      count: 2,
      items: [
        { description: "Rent", amount: "450.00" },
        { description: "Dinner", amount: "40.00" },
      ],
    });
    const page = await ctx.app.inject({ url: `/pay/${code}`, remoteAddress: nextIp() });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("For 2 requests:");
    // The requester's own methods, the buttons asking for the total.
    expect(view.paymentAccounts.map((a: { provider: string }) => a.provider)).toContain("venmo");
    expect(page.body).toMatch(/data-amount="490.00"/);
    expect(page.body).toContain("$490.00");
  });

  it("a claim on it settles the requests oldest first, to the cent, told once; nothing left says so", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const make = async (body: object) => (await call("POST", "/api/payment-requests", body)).json().request;
    const first = await make({ ...sam, amount: "10.01", description: "One" });
    const second = await make({ ...sam, amount: "20.02", description: "Two" });
    const third = await make({ ...sam, amount: "30.03", description: "Three" });
    const code = (await call("POST", "/api/balances/2125550101/link", {})).json().shortUrl.split("/").pop();

    expect((await claimAll(code, { via: "venmo", amount: "60.07" })).statusCode).toBe(400);
    const said = await claimAll(code, { via: "venmo", amount: "25.05" });
    expect(said.statusCode, said.body).toBe(204);
    const claimed = async (id: string) => (await call("GET", `/api/payment-requests/${id}`)).json();
    expect(await claimed(first.id)).toMatchObject({ claimedVia: "venmo", claimedAmount: "10.01" });
    expect(await claimed(second.id)).toMatchObject({ claimedVia: "venmo", claimedAmount: "15.04" });
    expect(await claimed(third.id)).toMatchObject({ claimedPaidAt: null });
    const told = await ctx.database.db.execute(sql`SELECT key FROM delivery WHERE key LIKE 'claim:all:%'`);
    expect((told as unknown as { rows: unknown[] }).rows.length).toBeGreaterThanOrEqual(1);

    // Everything paid: the link's page says nothing is owed, and a claim is refused.
    for (const id of [first.id, second.id, third.id])
      await call("PATCH", `/api/payment-requests/${id}/status`, { status: "paid" });
    const page = await ctx.app.inject({ url: `/pay/${code}`, remoteAddress: nextIp() });
    expect(page.body).toContain("Nothing is owed now. Thank you!");
    expect((await claimAll(code, { via: "venmo" })).statusCode).toBe(409);
  });
});

describeEachDatabase("a payment toward a whole balance", (ctx) => {
  it("is spread oldest first as part payments, to the cent; the one it settles is paid; each part undoes alone", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const make = async (body: object) => (await call("POST", "/api/payment-requests", body)).json().request;
    const first = await make({ ...sam, amount: "10.01", description: "One" });
    const second = await make({ ...sam, amount: "20.02", description: "Two" });
    const third = await make({ ...sam, amount: "30.03", description: "Three" });
    await make({ ...sam, amount: "5", currency: "EUR", description: "Elsewhere" });
    const pay = (body: object) => call("POST", "/api/balances/2125550101/payments", body);

    const over = await pay({ amount: "60.07", currency: "USD" });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      field: "amount",
      message: "A payment can be at most what is left: $60.06.",
    });
    expect((await pay({ amount: "1", currency: "GBP" })).statusCode).toBe(404);

    const paid = await pay({ amount: "25.05", currency: "USD", method: "cash" });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().payments).toEqual([
      expect.objectContaining({ requestId: first.id, amount: "10.01" }),
      expect.objectContaining({ requestId: second.id, amount: "15.04" }),
    ]);
    const now = async (id: string) => (await call("GET", `/api/payment-requests/${id}`)).json();
    expect(await now(first.id)).toMatchObject({ status: "paid", paidAmount: "10.01" });
    expect(await now(second.id)).toMatchObject({ status: "pending", paidAmount: "15.04" });
    expect((await now(third.id)).paidAmount).toBeUndefined();
    const balance = (await call("GET", "/api/balances/2125550101")).json();
    expect(balance.totals[0]).toEqual({ currency: "USD", owed: "35.01", count: 2 });

    // Undone part by part: what is left is exactly what it was.
    for (const part of paid.json().payments) {
      const undone = await call(
        "DELETE",
        `/api/payment-requests/${part.requestId}/payments/${part.paymentId}`,
      );
      expect(undone.statusCode, undone.body).toBe(200);
    }
    expect((await call("GET", "/api/balances/2125550101")).json().totals[0]).toEqual({
      currency: "USD",
      owed: "60.06",
      count: 3,
    });
  });
});
