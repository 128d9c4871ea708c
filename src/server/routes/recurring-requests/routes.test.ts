import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { users } from "#server/db/schema.ts";
import { as, createReadyUser, describeEachDatabase, type TestUser } from "#server/test/harness.ts";
import { localDate } from "#shared/schedule/zoned.ts";
import { PAYER_EMAIL_MESSAGE } from "#shared/schemas/payment-request.ts";

const today = (zone = "America/New_York") => localDate(new Date(), zone);
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const VALID = {
  recipientName: "Sam Lee",
  recipientPhone: "(212) 555-0101",
  amount: "1250",
  description: "Rent",
  frequency: "monthly",
};

describeEachDatabase("recurring requests API", (ctx) => {
  let owner: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    owner = await createReadyUser(ctx.app);
    other = await createReadyUser(ctx.app);
  });

  it("creates a series starting tomorrow and lists it with its next date", async () => {
    const start = addDays(today(), 1);
    const created = await as(ctx.app, owner)("POST", "/api/recurring-requests", {
      ...VALID,
      startDate: start,
      count: 12,
      payerEmail: " alex@example.com ",
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      recipientPhone: "2125550101",
      amount: "1250.00",
      payerEmail: "alex@example.com",
      frequency: "monthly",
      startDate: start,
      count: 12,
      endDate: null,
      madeCount: 0,
      nextDate: start,
      status: "active",
    });
    const list = await as(ctx.app, owner)("GET", "/api/recurring-requests");
    expect(list.json().map((s: { id: string }) => s.id)).toContain(created.json().id);
    // Another user's list does not show it.
    expect((await as(ctx.app, other)("GET", "/api/recurring-requests")).json()).toEqual([]);
  });

  it.each([
    [{ startDate: "2020-01-01" }, "Choose a start date from today on."],
    [{ startDate: "2026-02-30" }, "Choose a real start date."],
    [{ frequency: "daily" }, "Choose weekly, every 2 weeks, or monthly."],
    [{ count: 0 }, "Choose from 1 to 120 times."],
    [{ count: 2, endDate: "2099-01-01" }, "Choose an end date or a number of times, not both."],
    [{ payerEmail: "not-an-email" }, PAYER_EMAIL_MESSAGE],
    // The one-off request's rule: a list of addresses is not one payer (it mailed the second).
    [{ payerEmail: "root,victim2@target.test" }, PAYER_EMAIL_MESSAGE],
    [{ amount: "0" }, "Please enter a valid amount greater than $0."],
    [{ recipientPhone: "+44 20 7946 0958" }, "Please enter a US mobile number."],
  ])("refuses %o with a sentence", async (change, message) => {
    const body = { ...VALID, startDate: addDays(today(), 2), ...change };
    const response = await as(ctx.app, owner)("POST", "/api/recurring-requests", body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it("refuses a start more than a year ahead, and reads today in the user's own zone", async () => {
    const far = await as(ctx.app, owner)("POST", "/api/recurring-requests", {
      ...VALID,
      startDate: addDays(today(), 400),
    });
    expect(far.json().message).toBe("Choose a start date within a year.");
    // In Kiritimati (UTC+14) today is already tomorrow in New York at some hours: its own today is fine.
    const userId = (await as(ctx.app, other)("GET", "/api/auth/user")).json().id;
    await ctx.database.db.update(users).set({ timeZone: "Pacific/Kiritimati" }).where(eq(users.id, userId));
    const kiritimati = await as(ctx.app, other)("POST", "/api/recurring-requests", {
      ...VALID,
      startDate: today("Pacific/Kiritimati"),
    });
    expect(kiritimati.statusCode, kiritimati.body).toBe(201);
    const yesterday = await as(ctx.app, other)("POST", "/api/recurring-requests", {
      ...VALID,
      startDate: addDays(today("Pacific/Kiritimati"), -1),
    });
    expect(yesterday.json().message).toBe("Choose a start date from today on.");
  });

  it("pauses, resumes, changes future amounts, ends; another user's id is a 404 like a missing one", async () => {
    const call = as(ctx.app, owner);
    const created = await call("POST", "/api/recurring-requests", {
      ...VALID,
      frequency: "weekly",
      startDate: addDays(today(), 3),
    });
    const id = created.json().id;
    const paused = await call("PATCH", `/api/recurring-requests/${id}`, { paused: true });
    expect(paused.json()).toMatchObject({ status: "paused", nextDate: addDays(today(), 3) });
    const theirs = await as(ctx.app, other)("PATCH", `/api/recurring-requests/${id}`, { paused: false });
    const missing = await as(ctx.app, other)(
      "PATCH",
      "/api/recurring-requests/00000000-0000-4000-8000-000000000000",
      { paused: false },
    );
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missing.json());
    expect((await as(ctx.app, other)("DELETE", `/api/recurring-requests/${id}`)).statusCode).toBe(404);

    const resumed = await call("PATCH", `/api/recurring-requests/${id}`, { paused: false, amount: "40" });
    expect(resumed.json()).toMatchObject({ status: "active", amount: "40.00" });
    expect((await call("PATCH", `/api/recurring-requests/${id}`, {})).json().message).toBe(
      "Send what to change: paused, the person, their email, the amount, the description, the days ahead or the reminder days.",
    );
    const ended = await call("DELETE", `/api/recurring-requests/${id}`);
    expect(ended.json()).toMatchObject({ status: "ended", nextDate: null });
    const again = await call("PATCH", `/api/recurring-requests/${id}`, { paused: false });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This series has ended; start a new one instead.");
  });

  it("is in the API reference with its error answers", async () => {
    const doc = (await ctx.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const post = doc.paths["/api/recurring-requests"].post;
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(["201", "400", "401", "409", "429"]));
    expect(Object.keys(doc.paths["/api/recurring-requests/{id}"].patch.responses)).toContain("404");
  });
});
