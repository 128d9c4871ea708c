import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { payees, paymentRequests, users } from "#server/db/schema.ts";
import { newShortCode } from "#server/lib/short-code.ts";
import {
  as,
  createReadyUser,
  describeEachDatabase,
  TEST_ORIGIN,
  type TestContext,
  type TestUser,
} from "#server/test/harness.ts";
import { toCsv } from "#shared/csv.ts";
import { formatPhone } from "#shared/phone.ts";
import { encodeCursor } from "#shared/schemas/page.ts";
import { PaymentRequestSchema, type RequestStatus } from "#shared/schemas/payment-request.ts";
import { CSV_HEADER, localDateTime, UTF8_BOM } from "./export";

type Seeded = {
  id: string;
  micros: bigint;
  status: RequestStatus;
  cents: number;
  name: string;
  description: string;
};

const STATUSES: RequestStatus[] = ["pending", "paid", "paid", "cancelled", "paid"];
const NAMES = ["Sam Lee", "Alex Kim", "Pat 100%_off", "Jo Park"];
const DESCRIPTIONS = ["Pizza night", "Rent", "Concert tickets", "Groceries"];
/** A fixed start, in microseconds since the epoch. */
const T0 = 1_795_000_000_000_000n;

/**
 * `count` requests of one user written straight to the table, with creation times that collide
 * (same microsecond, and several within one millisecond), so order and page edges rest on the id.
 */
async function seed(ctx: TestContext, user: TestUser, count: number, offset = 0): Promise<Seeded[]> {
  const [owner] = await ctx.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, user.email));
  if (!owner) throw new Error("no such user");
  const rows: Seeded[] = Array.from({ length: count }, (_, n) => {
    const k = n + offset;
    return {
      id: randomUUID(),
      micros: T0 + BigInt(Math.floor(k / 3)) * 400n + BigInt(k % 2),
      status: STATUSES[k % STATUSES.length] as RequestStatus,
      cents: 100 + ((k * 37) % 5000),
      name: NAMES[k % NAMES.length] as string,
      description: DESCRIPTIONS[k % DESCRIPTIONS.length] as string,
    };
  });
  for (let i = 0; i < rows.length; i += 500) {
    await ctx.database.db.insert(paymentRequests).values(
      rows.slice(i, i + 500).map((r) => ({
        id: r.id,
        userId: owner.id,
        code: newShortCode(),
        recipientName: r.name,
        recipientPhone: "2125550101",
        amount: (r.cents / 100).toFixed(2),
        description: r.description,
        status: r.status,
        createdAt: sql`timestamptz 'epoch' + ${String(r.micros)}::bigint * interval '1 microsecond'`,
        // Paid three days after it was made, so "Paid on" is read from paid_at, not created_at.
        paidAt:
          r.status === "paid"
            ? sql`timestamptz 'epoch' + ${String(r.micros)}::bigint * interval '1 microsecond' + interval '3 days'`
            : null,
      })),
    );
  }
  return rows;
}

const newestFirst = (a: Seeded, b: Seeded) =>
  a.micros === b.micros ? (a.id < b.id ? 1 : -1) : a.micros < b.micros ? 1 : -1;
const pendingFirst = (a: Seeded, b: Seeded) =>
  a.status === "pending" && b.status !== "pending"
    ? -1
    : b.status === "pending" && a.status !== "pending"
      ? 1
      : newestFirst(a, b);

/** The `rel="next"` target of a Link header, or null on the last page. */
function nextUrl(link: unknown): string | null {
  if (link === undefined) return null;
  const match = /^<([^>]+)>; rel="next"$/.exec(String(link));
  if (!match?.[1]) throw new Error(`unexpected Link header: ${String(link)}`);
  return match[1];
}

/** Follows the Link headers from `url` to the last page; returns every id, in order, and the page count. */
async function walk(call: ReturnType<typeof as>, url: string, between?: () => Promise<unknown>) {
  const ids: string[] = [];
  let pages = 0;
  for (let next: string | null = url; next; ) {
    const response = await call("GET", next);
    expect(response.statusCode, response.body).toBe(200);
    ids.push(...response.json().map((r: { id: string }) => r.id));
    pages += 1;
    next = nextUrl(response.headers.link);
    await between?.();
  }
  return { ids, pages };
}

const cents = (amount: string) => Math.round(Number(amount) * 100);
const money = (c: number) => (c / 100).toFixed(2);

describeEachDatabase("payment request pages", (ctx) => {
  it("pages every request exactly once: pending first, newest first, one status, ties broken by id", async () => {
    const user = await createReadyUser(ctx.app);
    const call = as(ctx.app, user);
    const rows = await seed(ctx, user, 57);
    const ids = (list: Seeded[]) => list.map((r) => r.id);

    const home = await walk(call, "/api/payment-requests?limit=10");
    expect(home.ids).toEqual(ids([...rows].sort(pendingFirst)));
    expect(home.pages).toBe(6);
    const archive = await walk(call, "/api/payment-requests?order=newest&limit=7");
    expect(archive.ids).toEqual(ids([...rows].sort(newestFirst)));
    const paid = await walk(call, "/api/payment-requests?status=paid&limit=4");
    expect(paid.ids).toEqual(ids(rows.filter((r) => r.status === "paid").sort(newestFirst)));
  });

  it("answers the first 50 in the spec's shape without parameters, the next page in a Link header", async () => {
    const user = await createReadyUser(ctx.app);
    const call = as(ctx.app, user);
    const rows = await seed(ctx, user, 120);
    const first = await call("GET", "/api/payment-requests");
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toHaveLength(50);
    for (const item of body) expect(PaymentRequestSchema.strict().parse(item)).toEqual(item);
    expect(first.headers.link).toMatch(
      /^<\/api\/payment-requests\?order=pending-first&limit=50&cursor=[A-Za-z0-9_-]+>; rel="next"$/,
    );
    const rest = await walk(call, nextUrl(first.headers.link) as string);
    expect(rest.pages).toBe(2);
    const all = [...body.map((r: { id: string }) => r.id), ...rest.ids];
    expect(all).toEqual([...rows].sort(pendingFirst).map((r) => r.id));
    const last = await call(
      "GET",
      `/api/payment-requests?limit=20&order=newest&cursor=${lastCursorOf(rows)}`,
    );
    expect(last.json()).toEqual([]);
    expect(last.headers.link).toBeUndefined();
  });

  it("returns every row present at the start exactly once while new requests arrive", async () => {
    const user = await createReadyUser(ctx.app);
    const call = as(ctx.app, user);
    const rows = await seed(ctx, user, 45);
    let created = 0;
    const create = () =>
      call("POST", "/api/payment-requests", {
        recipientName: `New ${created++}`,
        recipientPhone: "2125550102",
        amount: "5.00",
        description: null,
      }).then((r) => expect(r.statusCode).toBe(201));
    for (const order of ["pending-first", "newest"]) {
      // Inserts start between pages and run on while the next page is read.
      const inserts: Promise<void>[] = [];
      const { ids } = await walk(call, `/api/payment-requests?order=${order}&limit=6`, async () => {
        inserts.push(create(), create());
      });
      await Promise.all(inserts);
      expect(new Set(ids).size).toBe(ids.length);
      const seen = new Set(ids);
      expect(rows.filter((r) => !seen.has(r.id))).toEqual([]);
    }
    expect(created).toBeGreaterThan(20);
  });

  it("refuses limits outside 1–100 and bad cursors with 400 {message}", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    for (const limit of ["0", "101", "1.5", "-1", "abc", ""]) {
      const response = await call("GET", `/api/payment-requests?limit=${limit}`);
      expect(response.statusCode, limit).toBe(400);
      expect(response.json()).toEqual({
        message: "limit: Limit: a whole number from 1 to 100.",
        code: "invalid",
        field: "limit",
      });
      expect((await call("GET", `/api/payees?limit=${limit}`)).statusCode, limit).toBe(400);
    }
    for (const limit of ["1", "100"])
      expect((await call("GET", `/api/payment-requests?limit=${limit}`)).statusCode).toBe(200);
    const id = randomUUID();
    const badCursors = [
      "not-base64!",
      "eyJ",
      encodeCursor({ p: true, t: "2026-02-30T00:00:00.000000Z", i: id }),
      encodeCursor({ p: true, t: "2026-11-25T01:00:00.000Z", i: id }),
      encodeCursor({ p: "yes", t: "2026-11-25T01:00:00.000000Z", i: id }),
      encodeCursor({ p: true, t: "2026-11-25T01:00:00.000000Z", i: "1; DROP TABLE payee" }),
      encodeCursor({ p: true, t: "2026-11-25T01:00:00.000000Z", i: id, extra: 1 }),
      encodeCursor({ n: "sam", i: id }),
      "A".repeat(2000),
    ];
    for (const cursor of badCursors) {
      const response = await call("GET", `/api/payment-requests?cursor=${cursor}`);
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json()).toEqual({
        message: "cursor: Invalid cursor.",
        code: "invalid",
        field: "cursor",
      });
    }
    const good = encodeCursor({ p: false, t: "2026-11-25T01:00:00.123456Z", i: id });
    expect((await call("GET", `/api/payment-requests?cursor=${good}`)).statusCode).toBe(200);
    expect((await call("GET", `/api/payees?cursor=${good}`)).statusCode).toBe(400);
  });

  it("never shows another user's requests, even with a cursor taken from that user's pages", async () => {
    const alice = await createReadyUser(ctx.app);
    const bob = await createReadyUser(ctx.app);
    const aliceRows = await seed(ctx, alice, 30);
    const bobRows = await seed(ctx, bob, 12, 3);
    const aliceFirst = await as(ctx.app, alice)("GET", "/api/payment-requests?limit=5");
    const aliceNext = nextUrl(aliceFirst.headers.link) as string;
    const bobPages = await walk(as(ctx.app, bob), aliceNext);
    const aliceIds = new Set(aliceRows.map((r) => r.id));
    expect(bobPages.ids.filter((id) => aliceIds.has(id))).toEqual([]);
    expect((await walk(as(ctx.app, bob), "/api/payment-requests?limit=5")).ids).toEqual(
      [...bobRows].sort(pendingFirst).map((r) => r.id),
    );
    const summary = (await as(ctx.app, bob)("GET", "/api/payment-requests/summary")).json();
    expect(summary.count).toBe(12);
  });

  it("searches and filters on the server, and sums every matching row in the summary", async () => {
    const user = await createReadyUser(ctx.app);
    const call = as(ctx.app, user);
    const rows = await seed(ctx, user, 260);
    const expectSummary = (matching: Seeded[]) => {
      const of = (s: RequestStatus) => matching.filter((r) => r.status === s);
      const total = (s: RequestStatus) => money(of(s).reduce((sum, r) => sum + r.cents, 0));
      return {
        count: matching.length,
        counts: { pending: of("pending").length, paid: of("paid").length, cancelled: of("cancelled").length },
        collected: total("paid"),
        outstanding: total("pending"),
        // All of them in dollars: one row of totals, or none when nothing matches.
        totals:
          matching.length > 0
            ? [{ currency: "USD", collected: total("paid"), outstanding: total("pending") }]
            : [],
      };
    };
    const cases: [string, (r: Seeded) => boolean][] = [
      ["", () => true],
      ["?q=%20PIZZA%20", (r) => r.description === "Pizza night"],
      ["?q=lee&status=pending", (r) => r.name === "Sam Lee" && r.status === "pending"],
      ["?status=cancelled", (r) => r.status === "cancelled"],
      // % and _ are literal characters, not patterns.
      ["?q=100%25_", (r) => r.name === "Pat 100%_off"],
      ["?q=0%25", (r) => r.name === "Pat 100%_off"],
      ["?q=_", (r) => r.name.includes("_")],
      ["?q=nobody", () => false],
    ];
    for (const [query, match] of cases) {
      const summary = await call("GET", `/api/payment-requests/summary${query}`);
      expect(summary.statusCode, query).toBe(200);
      expect(summary.json(), query).toEqual(expectSummary(rows.filter(match)));
      // Pages of 20: the filter travels in the Link header from page to page.
      const listed = await walk(call, `/api/payment-requests${query || "?"}&order=newest&limit=20`);
      expect(listed.ids, query).toEqual(
        rows
          .filter(match)
          .sort(newestFirst)
          .map((r) => r.id),
      );
    }
    // The totals are exact decimal sums, as the client's money helpers add them.
    const paidTotal = rows.filter((r) => r.status === "paid").reduce((s, r) => s + r.cents, 0);
    expect(cents((await call("GET", "/api/payment-requests/summary")).json().collected)).toBe(paidTotal);
    expect((await call("GET", "/api/payment-requests/summary?status=sent")).statusCode).toBe(400);
    expect((await call("GET", `/api/payment-requests/summary?q=${"x".repeat(101)}`)).statusCode).toBe(400);
  });

  it("searches past accents and case, and finds a phone by its digits, page after page", async () => {
    const user = await createReadyUser(ctx.app);
    const call = as(ctx.app, user);
    const made: Record<string, string> = {};
    for (const [name, phone, description] of [
      ["Zoë Park", "2125550144", "Crème brûlée"],
      ["ZOE Lin", "2125550199", "Rent"],
      ["Émile Roy", "3105550100", "Café"],
      ["Sam Lee", "2125550101", "Table 555"],
    ] as const) {
      const created = await call("POST", "/api/payment-requests", {
        recipientName: name,
        recipientPhone: phone,
        amount: "12.00",
        description,
      });
      expect(created.statusCode, created.body).toBe(201);
      made[name] = created.json().request.id;
    }
    const cases: [string, string[]][] = [
      ["zoe", ["Zoë Park", "ZOE Lin"]],
      ["ZOË", ["Zoë Park", "ZOE Lin"]],
      ["emile", ["Émile Roy"]],
      ["creme brulee", ["Zoë Park"]],
      ["CAFE", ["Émile Roy"]],
      ["555-0144", ["Zoë Park"]],
      ["(212) 555", ["Zoë Park", "ZOE Lin", "Sam Lee"]],
      ["+1 212 555 0199", ["ZOE Lin"]],
      ["555", ["Zoë Park", "ZOE Lin", "Émile Roy", "Sam Lee"]],
      ["table 555", ["Sam Lee"]],
      // Regular-expression characters are literal ("." would find "è b" in "Crème brûlée").
      ["e.b", []],
      ["c(", []],
      ["[a-z]*", []],
    ];
    for (const [q, names] of cases) {
      const url = `/api/payment-requests?order=newest&limit=1&q=${encodeURIComponent(q)}`;
      const { ids } = await walk(call, url);
      expect(new Set(ids), q).toEqual(new Set(names.map((n) => made[n])));
      expect(ids, q).toHaveLength(names.length);
      const summary = (await call("GET", `/api/payment-requests/summary?q=${encodeURIComponent(q)}`)).json();
      expect(summary.count, q).toBe(names.length);
    }
  });

  /**
   * A requester with 2,001 requests (both exports read 1,000 at a time: two full batches and a
   * last of one), beside another's 40: seeded once for the two exports below, which only read it.
   */
  let history: Promise<{ user: TestUser; rows: Seeded[] }> | undefined;
  const longHistory = () =>
    (history ??= (async () => {
      const user = await createReadyUser(ctx.app);
      const rows = await seed(ctx, user, 2001);
      await seed(ctx, await createReadyUser(ctx.app), 40);
      return { user, rows };
    })());

  it("streams a CSV of thousands of rows, equal to the whole history read in one query", async () => {
    const { user, rows } = await longHistory();
    const response = await as(ctx.app, user)("GET", "/api/payment-requests/export.csv");
    expect(response.statusCode).toBe(200);
    const [owner] = await ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, user.email));
    const all = await ctx.database.db
      .select()
      .from(paymentRequests)
      .where(eq(paymentRequests.userId, owner?.id as string))
      .orderBy(sql`${paymentRequests.createdAt} DESC, ${paymentRequests.id} DESC`);
    const expected = `${UTF8_BOM}${toCsv([
      CSV_HEADER,
      ...all.map((r) => [
        localDateTime(r.createdAt.toISOString(), "UTC"),
        r.recipientName,
        formatPhone(r.recipientPhone),
        r.amount,
        r.currency,
        r.status,
        r.description ?? "",
        `${TEST_ORIGIN}/pay/${r.code}`,
        "",
        "",
        r.paidAt ? localDateTime(r.paidAt.toISOString(), "UTC") : "",
        "",
        "",
        "",
        r.status === "pending" ? r.amount : "",
      ]),
    ])}`;
    expect(all.map((r) => r.id)).toEqual([...rows].sort(newestFirst).map((r) => r.id));
    expect(response.body).toBe(expected);
  });

  it("streams the account's data download in batches: every request and contact, as one JSON read would", async () => {
    // "Download my data" read everything into one string; 260 new requests a minute make that
    // as large as an account likes. Now it streams, a thousand rows at a time.
    const { user, rows } = await longHistory();
    const [owner] = await ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, user.email));
    const userId = owner?.id as string;
    // Names that tie once lowercased, so the contacts' batch edges rest on the id.
    const contacts = Array.from({ length: 2100 }, (_, n) => ({
      userId,
      name: n % 2 ? `sam ${n % 700}` : `Sam ${n % 700}`,
      phone: `212${String(5_550_000 + n).padStart(7, "0")}`,
      email: n % 3 ? null : `sam-${n}@example.com`,
    }));
    for (let i = 0; i < contacts.length; i += 700)
      await ctx.database.db.insert(payees).values(contacts.slice(i, i + 700));
    const response = await as(ctx.app, user)("GET", "/api/account/export");
    expect(response.statusCode).toBe(200);
    const data = response.json();
    // The text is what JSON.stringify(…, null, 2) writes, as before.
    expect(response.body).toBe(`${JSON.stringify(data, null, 2)}\n`);
    expect(data.paymentRequests.map((r: { code: string }) => r.code)).toEqual(
      (
        await ctx.database.db
          .select({ code: paymentRequests.code })
          .from(paymentRequests)
          .where(eq(paymentRequests.userId, userId))
          .orderBy(sql`${paymentRequests.createdAt} DESC, ${paymentRequests.id} DESC`)
      ).map((r) => r.code),
    );
    expect(data.paymentRequests).toHaveLength(rows.length);
    expect(data.paymentRequests[0]).toEqual({
      code: expect.any(String),
      recipientName: expect.any(String),
      recipientPhone: "2125550101",
      payerEmail: null,
      amount: expect.stringMatching(/^\d+\.\d\d$/),
      description: expect.any(String),
      dueDate: null,
      status: expect.any(String),
      createdAt: expect.any(String),
      viewedAt: null,
      paidAt: expect.toSatisfy((v) => v === null || typeof v === "string"),
    });
    const key = (c: { name: string; phone: string; email: string | null }) =>
      `${c.name}|${c.phone}|${c.email}`;
    expect(data.contacts).toHaveLength(contacts.length);
    expect(new Set(data.contacts.map(key))).toEqual(new Set(contacts.map(key)));
    expect(response.body).not.toMatch(/"id"|userId/);
  });
});

/** A cursor after the oldest of `rows` in newest-first order: the page after it is empty. */
function lastCursorOf(rows: Seeded[]): string {
  const oldest = [...rows].sort(newestFirst).at(-1) as Seeded;
  const ms = Number(oldest.micros / 1000n);
  const micros = String(oldest.micros % 1_000_000n).padStart(6, "0");
  const t = `${new Date(ms).toISOString().slice(0, 19)}.${micros}Z`;
  return encodeCursor({ p: false, t, i: oldest.id });
}
