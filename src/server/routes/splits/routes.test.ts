import { expect, it } from "vitest";
import { paymentRequests, splits } from "#server/db/schema.ts";
import { as, createReadyUser, describeEachDatabase, TEST_ORIGIN } from "#server/test/harness.ts";
import { createSplit } from "./queries";

const people = [
  { name: "Ana Ruiz", phone: "(212) 555-0101" },
  { name: "Bo Chen", phone: "212-555-0102" },
  { name: "Cy Okafor", phone: "2125550103" },
];

describeEachDatabase("split a bill", (ctx) => {
  it("$100 among 3 without me: one request per person, 33.34 / 33.33 / 33.33, each with its own link and text", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const response = await call("POST", "/api/splits", { total: "100", description: "Dinner", people });
    expect(response.statusCode, response.body).toBe(201);
    const split = response.json();
    expect(split).toMatchObject({ total: "100.00", description: "Dinner", includeMe: false, paidCount: 0 });
    expect(split.outstanding).toBe("100.00");
    expect(split.shares.map((s: { request: { amount: string } }) => s.request.amount)).toEqual([
      "33.34",
      "33.33",
      "33.33",
    ]);
    const codes = new Set(split.shares.map((s: { request: { shortUrl: string } }) => s.request.shortUrl));
    expect(codes.size).toBe(3);
    const [first] = split.shares;
    expect(first.request).toMatchObject({
      recipientName: "Ana Ruiz",
      recipientPhone: "2125550101",
      splitId: split.id,
    });
    expect(first.smsMessage).toBe(
      `Hi Ana, Test User is requesting $33.34 for Dinner. Pay here: ${first.request.shortUrl}`,
    );
    // The requests are ordinary requests of the user's list.
    const list = (await call("GET", "/api/payment-requests")).json();
    expect(list.filter((r: { splitId: string | null }) => r.splitId === split.id)).toHaveLength(3);
  });

  it("$100 among 3 with me: four shares, three requests of $25.00; the group view counts paid and outstanding", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const split = (await call("POST", "/api/splits", { total: "100.00", includeMe: true, people })).json();
    expect(split.shares.map((s: { request: { amount: string } }) => s.request.amount)).toEqual([
      "25.00",
      "25.00",
      "25.00",
    ]);
    const [a, b] = split.shares;
    await call("PATCH", `/api/payment-requests/${a.request.id}/status`, { status: "paid" });
    await call("PATCH", `/api/payment-requests/${b.request.id}/status`, { status: "cancelled" });
    const group = await call("GET", `/api/splits/${split.id}`);
    expect(group.statusCode).toBe(200);
    expect(group.json()).toMatchObject({ paidCount: 1, outstanding: "25.00", includeMe: true });
    expect(group.json().shares.map((s: { request: { status: string } }) => s.request.status)).toEqual([
      "paid",
      "cancelled",
      "pending",
    ]);
  });

  it("counts claims apart from paid, and takes part payments off what is outstanding", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const split = (await call("POST", "/api/splits", { total: "90", people })).json();
    const [a, b] = split.shares;
    const code = a.request.shortUrl.split("/").pop();
    const claim = await ctx.app.inject({
      method: "POST",
      url: `/api/payment-screen/${code}/claim`,
      headers: { origin: TEST_ORIGIN },
      payload: { via: "venmo", note: null },
    });
    expect(claim.statusCode, claim.body).toBe(204);
    await call("POST", `/api/payment-requests/${b.request.id}/payments`, { amount: "10" });
    const group = (await call("GET", `/api/splits/${split.id}`)).json();
    expect(group).toMatchObject({ paidCount: 0, claimedCount: 1, outstanding: "80.00" });
  });

  it("custom amounts must add up; bad input creates nothing", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const custom = [
      { ...people[0], amount: "60" },
      { ...people[1], amount: "40.00" },
    ];
    const ok = await call("POST", "/api/splits", { total: "100", people: custom });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().shares.map((s: { request: { amount: string } }) => s.request.amount)).toEqual([
      "60.00",
      "40.00",
    ]);
    const before = (await call("GET", "/api/payment-requests")).json().length;
    const refused = [
      {
        total: "100",
        people: [
          { ...people[0], amount: "60" },
          { ...people[1], amount: "39.99" },
        ],
      },
      { total: "100", people: [{ ...people[0], amount: "60" }, people[1]] },
      { total: "100", people: [] },
      { total: "0", people },
      { total: "100", people: [{ name: "", phone: "2125550101" }] },
      { total: "100", people: [{ name: "Dee", phone: "123" }] },
      { total: "100", people: Array.from({ length: 21 }, () => people[0]) },
    ];
    for (const body of refused) {
      const response = await call("POST", "/api/splits", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof response.json().message).toBe("string");
    }
    expect((await call("POST", "/api/splits", refused[0])).json().message).toBe(
      "The amounts must add up to $100.00; they add up to $99.99.",
    );
    expect((await call("GET", "/api/payment-requests")).json()).toHaveLength(before);
  });

  it("makes the split and all its requests, or nothing", async () => {
    const user = await createReadyUser(ctx.app);
    const userId = (await as(ctx.app, user)("GET", "/api/auth/user")).json().id;
    const count = async () => ({
      splits: (await ctx.database.db.select().from(splits)).length,
      requests: (await ctx.database.db.select().from(paymentRequests)).length,
    });
    const before = await count();
    // The second row breaks a database rule (a phone is 10 digits): the first must not stay.
    await expect(
      createSplit(
        ctx.database.db,
        userId,
        {
          total: "20.00",
          currency: "USD",
          description: null,
          includeMe: false,
          dueDate: null,
          people: [
            { name: "Ana", phone: "2125550101", amount: "10.00" },
            { name: "Bo", phone: "555", amount: "10.00" },
          ],
        },
        {
          requester: {
            timeZone: "America/New_York",
            reminderDays: null,
            hasWebhooks: false,
            country: "US",
            currency: "USD",
            language: null,
          },
          now: new Date(),
        },
      ),
    ).rejects.toThrow();
    expect(await count()).toEqual(before);
  });

  it("shows a split to its owner only: another user's id answers 404 like a missing one", async () => {
    const owner = as(ctx.app, await createReadyUser(ctx.app));
    const other = as(ctx.app, await createReadyUser(ctx.app));
    const split = (await owner("POST", "/api/splits", { total: "30", people })).json();
    const theirs = await other("GET", `/api/splits/${split.id}`);
    const missing = await other("GET", "/api/splits/00000000-0000-4000-8000-000000000000");
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missing.json());
    expect((await other("GET", "/api/splits/not-a-uuid")).statusCode).toBe(404);
    expect((await as(ctx.app, null)("GET", `/api/splits/${split.id}`)).statusCode).toBe(401);
  });
});
