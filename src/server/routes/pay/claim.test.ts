import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { expect, it } from "vitest";
import { LIMITS } from "#server/limits.ts";
import { codeOf, createRequest } from "#server/test/fixtures.ts";
import { describeEachDatabase, nextIp, retryAfterSeconds, TEST_ORIGIN } from "#server/test/harness.ts";

/** A payer's browser: the page's script posts JSON with the Origin header. */
function claim(app: FastifyInstance, code: string, body: unknown, ip = nextIp(), headers = {}) {
  return app.inject({
    method: "POST",
    url: `/api/payment-screen/${code}/claim`,
    remoteAddress: ip,
    headers: { origin: TEST_ORIGIN, "content-type": "application/json", ...headers },
    payload: JSON.stringify(body),
  });
}

describeEachDatabase("I've paid (claims)", (ctx) => {
  it("records the claim without changing the status; a later claim leaves the first as it was", async () => {
    const { call, code } = await createRequest(ctx.app);
    const first = await claim(ctx.app, code, { via: "venmo", note: "  sent from my phone  " });
    expect(first.statusCode, first.body).toBe(204);
    expect(first.body).toBe("");
    const [listed] = (await call("GET", "/api/payment-requests")).json();
    expect(listed).toMatchObject({ status: "pending", claimedVia: "venmo", claimNote: "sent from my phone" });
    expect(Date.now() - Date.parse(listed.claimedPaidAt)).toBeLessThan(60_000);

    // Anyone with the link could overwrite what the requester saw. The later
    // claim gets the same empty answer, so nobody learns that there was an earlier one.
    const second = await claim(ctx.app, code, { via: "other", note: "ignore the first one" });
    expect(second.statusCode, second.body).toBe(204);
    expect(second.body).toBe("");
    const [again] = (await call("GET", "/api/payment-requests")).json();
    expect(again).toMatchObject({
      status: "pending",
      claimedVia: "venmo",
      claimNote: "sent from my phone",
      claimedPaidAt: listed.claimedPaidAt,
    });
  });

  it("lets the first claim's browser, and only it, correct the claim; the requester is told", async () => {
    const { call, code } = await createRequest(ctx.app);
    const first = await claim(ctx.app, code, { via: "venmo" });
    expect(first.statusCode, first.body).toBe(204);
    const set = String(first.headers["set-cookie"]);
    expect(set).toMatch(
      new RegExp(
        `^collect_claim=[\\w-]{43}; Path=/api/payment-screen/${code}/claim; Max-Age=\\d+; HttpOnly; SameSite=Strict`,
      ),
    );
    const token = set.split(";")[0] as string;
    const [before] = (await call("GET", "/api/payment-requests")).json();

    // Someone else with the link: answered alike (a cookie too), and nothing changes.
    const other = await claim(ctx.app, code, { via: "other", note: "not me" });
    expect(other.statusCode).toBe(204);
    expect(String(other.headers["set-cookie"])).toMatch(/^collect_claim=[\w-]{43};/);
    const forged = await claim(ctx.app, code, { via: "other" }, nextIp(), {
      cookie: String(other.headers["set-cookie"]).split(";")[0],
    });
    expect(forged.statusCode).toBe(204);
    expect((await call("GET", "/api/payment-requests")).json()[0]).toMatchObject({
      claimedVia: "venmo",
      claimNote: null,
    });

    // The first browser says it was another way after all: the claim changes, its time does not.
    const corrected = await claim(ctx.app, code, { via: "other", note: "cash, in person" }, nextIp(), {
      cookie: token,
    });
    expect(corrected.statusCode, corrected.body).toBe(204);
    const [after] = (await call("GET", "/api/payment-requests")).json();
    expect(after).toMatchObject({
      claimedVia: "other",
      claimNote: "cash, in person",
      claimedPaidAt: before.claimedPaidAt,
    });
    const told = await ctx.database.db.execute(
      sql`SELECT key FROM delivery WHERE key LIKE ${`claim:${after.id}%`} ORDER BY key`,
    );
    expect((told as unknown as { rows: { key: string }[] }).rows.map((r) => r.key).join(" ")).toContain(
      `claim:${after.id}:other`,
    );
  });

  it("lets one address spend only its share of a request's claims (issue 25 F13)", async () => {
    const { code } = await createRequest(ctx.app);
    const ip = nextIp();
    const { max, windowMs, message } = LIMITS.claimPerAddressAndRequest;
    expect(max).toBeLessThan(LIMITS.claimPerRequest.max);
    for (let i = 0; i < max; i++)
      expect((await claim(ctx.app, code, { via: "venmo" }, ip)).statusCode).toBe(204);
    const refused = await claim(ctx.app, code, { via: "venmo" }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(message);
    expect(retryAfterSeconds(refused)).toBeGreaterThan(windowMs / 1000 - 30);
    // The refused ones spent nothing of the request's allowance: the real payer still gets through.
    for (let i = 0; i < 3; i++) await claim(ctx.app, code, { via: "venmo" }, ip);
    expect((await claim(ctx.app, code, { via: "other" })).statusCode).toBe(204);
  });

  it('"Says paid" (status=claimed) lists, counts and pages only pending requests with a claim', async () => {
    const { call, code, request } = await createRequest(ctx.app);
    const other = (
      await call("POST", "/api/payment-requests", {
        recipientName: "Sam",
        recipientPhone: "2125550102",
        amount: "5.00",
      })
    ).json().request;
    const claimedButPaid = (
      await call("POST", "/api/payment-requests", {
        recipientName: "Jo",
        recipientPhone: "2125550103",
        amount: "7.00",
      })
    ).json().request;
    expect((await claim(ctx.app, code, { via: "venmo" })).statusCode).toBe(204);
    const paidCode = codeOf(claimedButPaid);
    expect((await claim(ctx.app, paidCode, { via: "venmo" })).statusCode).toBe(204);
    await call("PATCH", `/api/payment-requests/${claimedButPaid.id}/status`, { status: "paid" });

    const listed = (await call("GET", "/api/payment-requests?status=claimed")).json();
    expect(listed.map((r: { id: string }) => r.id)).toEqual([request.id]);
    expect(listed.map((r: { id: string }) => r.id)).not.toContain(other.id);
    const summary = (await call("GET", "/api/payment-requests/summary?status=claimed")).json();
    expect(summary).toMatchObject({ count: 1, outstanding: "12.00", collected: "0.00" });
  });

  it("is refused on paid and cancelled requests, and for apps the requester does not offer", async () => {
    const paid = await createRequest(ctx.app);
    await paid.call("PATCH", `/api/payment-requests/${paid.request.id}/status`, { status: "paid" });
    const onPaid = await claim(ctx.app, paid.code, { via: "venmo" });
    expect(onPaid.statusCode).toBe(409);
    expect(onPaid.json().message).toBe("This request has already been paid.");

    const cancelled = await createRequest(ctx.app);
    await cancelled.call("PATCH", `/api/payment-requests/${cancelled.request.id}/status`, {
      status: "cancelled",
    });
    expect((await claim(ctx.app, cancelled.code, { via: "venmo" })).statusCode).toBe(404);
    expect((await claim(ctx.app, "zzzzzzzzzz", { via: "venmo" })).statusCode).toBe(404);

    const open = await createRequest(ctx.app);
    const notOffered = await claim(ctx.app, open.code, { via: "zelle" });
    expect(notOffered.statusCode).toBe(400);
    for (const list of [paid, cancelled, open]) {
      const rows = (await list.call("GET", "/api/payment-requests")).json();
      expect(rows[0].claimedPaidAt).toBeNull();
    }
  });

  it("validates the body and refuses calls no page script would make", async () => {
    const { call, code } = await createRequest(ctx.app);
    const bad = [
      { via: "bitcoin" },
      { via: "venmo", note: "x".repeat(141) },
      { via: "venmo", note: "line one\nline two" },
      { via: "venmo", note: "bell\u0007" },
      // Text-direction overrides reorder what the requester reads.
      { via: "venmo", note: "paid \u202Eexe.gnp" },
      { via: "venmo", note: "\u2066isolated\u2069" },
      { via: "venmo", extra: true },
      {},
    ];
    for (const body of bad) {
      const response = await claim(ctx.app, code, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof response.json().message).toBe("string");
    }
    expect((await claim(ctx.app, code, { via: "venmo", note: "x".repeat(140) })).statusCode).toBe(204);
    const noOrigin = await ctx.app.inject({
      method: "POST",
      url: `/api/payment-screen/${code}/claim`,
      remoteAddress: nextIp(),
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ via: "other" }),
    });
    expect(noOrigin.statusCode).toBe(403);
    const crossSite = await claim(ctx.app, code, { via: "other" }, nextIp(), {
      "sec-fetch-site": "cross-site",
    });
    expect(crossSite.statusCode).toBe(403);
    const form = await ctx.app.inject({
      method: "POST",
      url: `/api/payment-screen/${code}/claim`,
      remoteAddress: nextIp(),
      headers: { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      payload: "via=other",
    });
    expect(form.statusCode).toBeGreaterThanOrEqual(400);
    const [listed] = (await call("GET", "/api/payment-requests")).json();
    expect(listed.claimedVia).toBe("venmo");
  });

  it("offers I've paid on the page of a pending request only, with the requester's apps and Other", async () => {
    const { call, request, code } = await createRequest(ctx.app);
    const page = async () =>
      (await ctx.app.inject({ method: "GET", url: `/pay/${code}`, remoteAddress: nextIp() })).body;
    const pending = await page();
    expect(pending).toContain("I&#x27;ve paid");
    expect(pending).toContain("Thanks — we&#x27;ve let Test know.");
    const offered = [...pending.matchAll(/name="via" value="([a-z]+)"/g)].map((m) => m[1]);
    expect(offered).toEqual(["venmo", "other"]);
    await call("PATCH", `/api/payment-requests/${request.id}/status`, { status: "paid" });
    expect(await page()).not.toContain("data-claim");
  });

  it("limits claims per request and per client IP", async () => {
    const { code } = await createRequest(ctx.app);
    for (let i = 0; i < LIMITS.claimPerRequest.max; i++) {
      expect((await claim(ctx.app, code, { via: "venmo" })).statusCode).toBe(204);
    }
    const overRequest = await claim(ctx.app, code, { via: "venmo" });
    expect(overRequest.statusCode).toBe(429);
    expect(retryAfterSeconds(overRequest)).toBeGreaterThan(LIMITS.claimPerRequest.windowMs / 1000 - 30);
    expect(retryAfterSeconds(overRequest)).toBeLessThanOrEqual(LIMITS.claimPerRequest.windowMs / 1000);

    const ip = nextIp();
    // Spread so that no request's per-address allowance (LIMITS.claimPerAddressAndRequest) is reached.
    const spread = Math.ceil(LIMITS.claimPerAddress.max / LIMITS.claimPerAddressAndRequest.max);
    const codes = await Promise.all(
      Array.from({ length: spread }, async () => (await createRequest(ctx.app)).code),
    );
    for (let i = 0; i < LIMITS.claimPerAddress.max; i++) {
      expect((await claim(ctx.app, codes[i % spread] as string, { via: "other" }, ip)).statusCode).toBe(204);
    }
    // A fresh request, so only the IP's count can refuse it.
    const fresh = (await createRequest(ctx.app)).code;
    const overIp = await claim(ctx.app, fresh, { via: "other" }, ip);
    expect(overIp.statusCode).toBe(429);
    expect(retryAfterSeconds(overIp)).toBeGreaterThan(LIMITS.claimPerAddress.windowMs / 1000 - 30);
    expect(retryAfterSeconds(overIp)).toBeLessThanOrEqual(LIMITS.claimPerAddress.windowMs / 1000);
    expect((await claim(ctx.app, fresh, { via: "other" })).statusCode).toBe(204);
  });
});

describeEachDatabase("I've paid, naming an amount (part payments)", (ctx) => {
  const rent = { amount: "1450", description: "Rent" };
  const requestNow = async (call: Awaited<ReturnType<typeof createRequest>>["call"], id: string) =>
    (await call("GET", `/api/payment-requests/${id}`)).json();

  it("keeps how much the payer says they paid: what is left unless they name less, never more", async () => {
    const { call, code, request } = await createRequest(ctx.app, rent);
    // More than is asked: refused on the field, in the page's language, and nothing is kept.
    const over = await claim(ctx.app, code, { via: "venmo", amount: "1450.01" });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      field: "amount",
      message: "A payment can be at most what is left: $1,450.00.",
    });
    const german = await claim(ctx.app, code, { via: "venmo", amount: "2.000,00" }, nextIp(), {
      "accept-language": "de-DE",
    });
    expect(german.json()).toMatchObject({ field: "amount", message: expect.stringContaining("1.450,00") });
    expect((await requestNow(call, request.id)).claimedPaidAt).toBeNull();

    // A German payer types a decimal comma.
    const said = await claim(ctx.app, code, { via: "venmo", amount: "1.000,50" }, nextIp(), {
      "accept-language": "de-DE",
    });
    expect(said.statusCode, said.body).toBe(204);
    expect(await requestNow(call, request.id)).toMatchObject({
      claimedVia: "venmo",
      claimedAmount: "1000.50",
    });

    // Said without an amount (a page from before amounts): all of what is left.
    const plain = await createRequest(ctx.app, rent);
    expect((await claim(ctx.app, plain.code, { via: "venmo" })).statusCode).toBe(204);
    expect(await requestNow(plain.call, plain.request.id)).toMatchObject({ claimedAmount: "1450.00" });
  });

  it("a part payment answers the claim; its Undo brings it back; a new claim after it is told again", async () => {
    const { call, code, request } = await createRequest(ctx.app, rent);
    const first = await claim(ctx.app, code, { via: "venmo", amount: "1000" });
    expect(first.statusCode, first.body).toBe(204);
    const says = async () => (await call("GET", "/api/payment-requests?status=claimed")).json();
    expect((await says()).map((r: { id: string }) => r.id)).toEqual([request.id]);

    // The requester records the $1,000: the claim is answered, reminders ask for the rest.
    const recorded = await call("POST", `/api/payment-requests/${request.id}/payments`, {
      amount: "1000",
      method: "venmo",
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect(await requestNow(call, request.id)).toMatchObject({ claimedPaidAt: null, claimedVia: null });
    expect(await says()).toEqual([]);

    // Undone: what is left is what it was when they said so, and the claim waits again.
    const paymentId = recorded.json().payments[0].id;
    expect(
      (await call("DELETE", `/api/payment-requests/${request.id}/payments/${paymentId}`)).statusCode,
    ).toBe(200);
    expect(await requestNow(call, request.id)).toMatchObject({
      claimedVia: "venmo",
      claimedAmount: "1000.00",
    });

    // Recorded again, then a week later the rest: a claim of its own, and the requester is told.
    await call("POST", `/api/payment-requests/${request.id}/payments`, { amount: "1000", method: "venmo" });
    const rest = await claim(ctx.app, code, { via: "other" });
    expect(rest.statusCode, rest.body).toBe(204);
    expect(await requestNow(call, request.id)).toMatchObject({
      claimedVia: "other",
      claimedAmount: "450.00",
    });
    const told = await ctx.database.db.execute(
      sql`SELECT key FROM delivery WHERE key LIKE ${`claim:${request.id}%`} ORDER BY key`,
    );
    const keys = (told as unknown as { rows: { key: string }[] }).rows.map((r) => r.key);
    expect(keys.some((key) => key.startsWith(`claim:${request.id}:1000.00`))).toBe(true);
  });
});
