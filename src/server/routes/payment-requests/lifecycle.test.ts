import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { paymentRequests } from "#server/db/schema.ts";
import { as, createReadyUser, describeEachDatabase, nextIp, TEST_ORIGIN } from "#server/test/harness.ts";

const body = {
  recipientName: "Sam Lee",
  recipientPhone: "2125550101",
  amount: "40.00",
  description: "Concert",
};
const codeOf = (request: { shortUrl: string }) => request.shortUrl.split("/").pop() as string;

describeEachDatabase("request lifecycle beyond the spec", (ctx) => {
  it("cancels only pending requests, and a cancelled link says so (issue 23 item 16)", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const { request } = (await call("POST", "/api/payment-requests", body)).json();
    const cancelled = await call("PATCH", `/api/payment-requests/${request.id}/status`, {
      status: "cancelled",
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe("cancelled");
    expect(
      (await call("PATCH", `/api/payment-requests/${request.id}/status`, { status: "paid" })).statusCode,
    ).toBe(409);
    expect(
      (await call("PATCH", `/api/payment-requests/${request.id}/status`, { status: "cancelled" })).statusCode,
    ).toBe(409);
    const ip = nextIp();
    const screen = await ctx.app.inject({
      method: "GET",
      url: `/api/payment-screen/${codeOf(request)}`,
      remoteAddress: ip,
    });
    expect(screen.statusCode).toBe(404);
    const page = await ctx.app.inject({ method: "GET", url: `/pay/${codeOf(request)}`, remoteAddress: ip });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Test cancelled this request");
    expect(page.body).not.toContain("Payment Not Found");
  });

  it("reminds only pending requests, recording when, with a short text and the same link", async () => {
    const alice = as(ctx.app, await createReadyUser(ctx.app));
    const bob = as(ctx.app, await createReadyUser(ctx.app));
    const { request } = (await alice("POST", "/api/payment-requests", body)).json();
    expect((await bob("POST", `/api/payment-requests/${request.id}/remind`)).statusCode).toBe(404);
    const reminded = await alice("POST", `/api/payment-requests/${request.id}/remind`);
    expect(reminded.statusCode).toBe(200);
    const { request: after, smsMessage } = reminded.json();
    expect(after.lastRemindedAt).not.toBeNull();
    expect(smsMessage).toBe(
      `Hi Sam, a friendly reminder from Test User about $40.00 for Concert. Pay here: ${request.shortUrl}`,
    );
    const listed = (await alice("GET", "/api/payment-requests")).json();
    expect(listed[0].lastRemindedAt).toBe(after.lastRemindedAt);
    await alice("PATCH", `/api/payment-requests/${request.id}/status`, { status: "paid" });
    const late = await alice("POST", `/api/payment-requests/${request.id}/remind`);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toHaveProperty("message");
    expect((await as(ctx.app, null)("POST", `/api/payment-requests/${request.id}/remind`)).statusCode).toBe(
      401,
    );
  });

  it("gives the request's own text again, word for word, to its owner only and while pending", async () => {
    const alice = as(ctx.app, await createReadyUser(ctx.app));
    const bob = as(ctx.app, await createReadyUser(ctx.app));
    const created = (await alice("POST", "/api/payment-requests", body)).json();
    const again = await alice("GET", `/api/payment-requests/${created.request.id}/text`);
    expect(again.statusCode).toBe(200);
    expect(again.json().smsMessage).toBe(created.smsMessage);
    expect(again.json().request.lastRemindedAt).toBeNull();
    expect((await bob("GET", `/api/payment-requests/${created.request.id}/text`)).statusCode).toBe(404);
    expect((await alice("GET", "/api/payment-requests/nope/text")).statusCode).toBe(404);
    expect(
      (await as(ctx.app, null)("GET", `/api/payment-requests/${created.request.id}/text`)).statusCode,
    ).toBe(401);
    await alice("PATCH", `/api/payment-requests/${created.request.id}/status`, { status: "cancelled" });
    const late = await alice("GET", `/api/payment-requests/${created.request.id}/text`);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toHaveProperty("message");
  });

  it("records the first view by someone else, not by the requester nor by a no-JS fetch", async () => {
    const requester = await createReadyUser(ctx.app);
    const call = as(ctx.app, requester);
    const { request } = (await call("POST", "/api/payment-requests", body)).json();
    const code = codeOf(request);
    const viewedAt = async () =>
      (await call("GET", "/api/payment-requests")).json().find((r: { id: string }) => r.id === request.id)
        .viewedAt;

    // A link-preview bot fetches the HTML and runs nothing.
    await ctx.app.inject({ method: "GET", url: `/pay/${code}`, remoteAddress: nextIp() });
    expect(await viewedAt()).toBeNull();
    // The requester opening their own link: no view, and told whom the page is for (its banner).
    const own = await call("POST", `/api/payment-screen/${code}/view`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ recipientName: request.recipientName });
    expect(await viewedAt()).toBeNull();

    // Someone else, signed out, whose browser runs the page's script.
    const visitor = await ctx.app.inject({
      method: "POST",
      url: `/api/payment-screen/${code}/view`,
      headers: { origin: TEST_ORIGIN },
      remoteAddress: nextIp(),
    });
    expect(visitor.statusCode).toBe(204);
    const first = await viewedAt();
    expect(first).not.toBeNull();
    await ctx.app.inject({
      method: "POST",
      url: `/api/payment-screen/${code}/view`,
      headers: { origin: TEST_ORIGIN },
    });
    expect(await viewedAt()).toBe(first);
    // Unknown codes answer the same, so the beacon tells nothing.
    expect(
      (await ctx.app.inject({ method: "POST", url: "/api/payment-screen/nope123456/view" })).statusCode,
    ).toBe(204);
    // Another signed-in user is a visitor like any other: 204, nothing about the request.
    const other = await createReadyUser(ctx.app);
    const theirs = await as(ctx.app, other)("POST", `/api/payment-screen/${code}/view`);
    expect(theirs.statusCode).toBe(204);
    expect(theirs.body).toBe("");
  });

  it("exports the caller's whole history as CSV, quoted and safe from formula injection", async () => {
    const alice = as(ctx.app, await createReadyUser(ctx.app));
    const bob = as(ctx.app, await createReadyUser(ctx.app));
    await alice("POST", "/api/payment-requests", { ...body, recipientName: '=HYPERLINK("http://evil","x")' });
    const lee = await alice("POST", "/api/payment-requests", {
      ...body,
      recipientName: "Lee, Sam",
      description: 'The "big" one',
    });
    // A line break is refused now, but rows written before the rule may hold one.
    await ctx.database.db
      .update(paymentRequests)
      .set({ description: 'The "big" one\nline 2' })
      .where(eq(paymentRequests.id, lee.json().request.id));
    await bob("POST", "/api/payment-requests", { ...body, recipientName: "Bob's friend" });
    const response = await alice("GET", "/api/payment-requests/export.csv");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/csv/);
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="collect-requests-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const csv = response.body;
    expect(
      csv.startsWith(
        "\uFEFFCreated,Recipient,Phone,Amount,Currency,Status,Description,Link,Viewed,Last reminded,Paid on,Says paid,Says paid via,Paid in part,Left\r\n",
      ),
    ).toBe(true);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csv).toContain('"Lee, Sam",(212) 555-0101,40.00,USD,pending,"The ""big"" one\nline 2"');
    expect(csv).not.toContain("Bob's friend");
    expect(csv.trimEnd().split("\r\n")).toHaveLength(3);
    expect((await as(ctx.app, null)("GET", "/api/payment-requests/export.csv")).statusCode).toBe(401);
  });
});

describeEachDatabase("the CSV export for a spreadsheet", (ctx) => {
  it("starts with a UTF-8 BOM, writes dates in the asked time zone, and has paid-on and says-paid", async () => {
    const alice = as(ctx.app, await createReadyUser(ctx.app));
    const claimed = (await alice("POST", "/api/payment-requests", { ...body, recipientName: "Zoë" })).json()
      .request;
    const paid = (await alice("POST", "/api/payment-requests", body)).json().request;
    await alice("PATCH", `/api/payment-requests/${paid.id}/status`, { status: "paid" });
    const { db } = ctx.database;
    await db
      .update(paymentRequests)
      .set({
        createdAt: new Date("2026-01-15T03:30:00Z"),
        claimedPaidAt: new Date("2026-01-15T18:05:00Z"),
        claimedVia: "venmo",
      })
      .where(eq(paymentRequests.id, claimed.id));
    await db
      .update(paymentRequests)
      .set({ createdAt: new Date("2026-01-10T12:00:00Z"), paidAt: new Date("2026-07-04T16:00:00Z") })
      .where(eq(paymentRequests.id, paid.id));
    // A change after the marking (a first view of the link, say) moves updated_at, not "Paid on".
    await db
      .update(paymentRequests)
      .set({ updatedAt: new Date("2026-09-01T16:00:00Z") })
      .where(eq(paymentRequests.id, paid.id));
    const response = await alice("GET", "/api/payment-requests/export.csv?tz=America/Los_Angeles");
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, first, second] = response.body.replace(/^\uFEFF/, "").split("\r\n");
    expect(header?.split(",").slice(-5)).toEqual([
      "Paid on",
      "Says paid",
      "Says paid via",
      "Paid in part",
      "Left",
    ]);
    // Winter is UTC−8, summer UTC−7: the evening before in Los Angeles.
    expect(first?.split(",")).toEqual([
      "2026-01-14 19:30",
      "Zoë",
      "(212) 555-0101",
      "40.00",
      "USD",
      "pending",
      "Concert",
      claimed.shortUrl,
      "",
      "",
      "",
      "2026-01-15 10:05",
      "venmo",
      "",
      "40.00",
    ]);
    expect(second?.split(",").slice(0, 1)).toEqual(["2026-01-10 04:00"]);
    expect(second?.split(",").slice(-5, -2)).toEqual(["2026-07-04 09:00", "", ""]);
    const utc = (await alice("GET", "/api/payment-requests/export.csv")).body;
    expect(utc).toContain("2026-01-15 03:30,Zoë");
    for (const tz of ["Mars/Olympus", "../etc", "x".repeat(65), "America/New_York;DROP"]) {
      const refused = await alice("GET", `/api/payment-requests/export.csv?tz=${encodeURIComponent(tz)}`);
      expect(refused.statusCode, tz).toBe(400);
      expect(refused.json(), tz).toHaveProperty("message");
    }
  });
});

describeEachDatabase("when a request was paid", (ctx) => {
  it("is kept when it is marked paid, cleared by an undo, and kept again by the next marking", async () => {
    const alice = as(ctx.app, await createReadyUser(ctx.app));
    const { id } = (await alice("POST", "/api/payment-requests", body)).json().request;
    const paidAt = async () =>
      (
        await ctx.database.db
          .select({ paidAt: paymentRequests.paidAt })
          .from(paymentRequests)
          .where(eq(paymentRequests.id, id))
      )[0]?.paidAt ?? null;
    expect(await paidAt()).toBeNull();
    const before = Date.now();
    await alice("PATCH", `/api/payment-requests/${id}/status`, { status: "paid" });
    const marked = await paidAt();
    expect(marked?.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    expect(marked?.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    await alice("PATCH", `/api/payment-requests/${id}/status`, { status: "pending" });
    expect(await paidAt()).toBeNull();
    const csv = (await alice("GET", "/api/payment-requests/export.csv")).body.split("\r\n")[1];
    expect(csv?.split(",").slice(-5)).toEqual(["", "", "", "", "40.00"]);
    await alice("PATCH", `/api/payment-requests/${id}/status`, { status: "paid" });
    expect(await paidAt()).not.toBeNull();
  });
});

describeEachDatabase("the pending → paid/cancelled update under concurrency", (ctx) => {
  it("two concurrent status changes on one request: exactly one wins, the other is 409", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    // Several requests at once, so that on PostgreSQL (a pool of connections) the two calls of
    // each pair really overlap.
    const ids = await Promise.all(
      Array.from(
        { length: 8 },
        async () => (await call("POST", "/api/payment-requests", body)).json().request.id,
      ),
    );
    await Promise.all(
      ids.map(async (id: string, i) => {
        const [first, second] = i % 2 === 0 ? (["paid", "cancelled"] as const) : (["paid", "paid"] as const);
        const answers = await Promise.all(
          [first, second].map((status) => call("PATCH", `/api/payment-requests/${id}/status`, { status })),
        );
        const codes = answers.map((a) => a.statusCode).sort();
        expect(codes, `request ${i}`).toEqual([200, 409]);
        const winner = answers.find((a) => a.statusCode === 200)?.json().status;
        const listed = (await call("GET", "/api/payment-requests")).json();
        expect(listed.find((r: { id: string }) => r.id === id).status).toBe(winner);
      }),
    );
  });
});
