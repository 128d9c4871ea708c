import { expect, it } from "vitest";
import { as, createReadyUser, describeEachDatabase } from "#server/test/harness.ts";

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
