import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { payees, users } from "#server/db/schema.ts";
import { as, createReadyUser, describeEachDatabase } from "#server/test/harness.ts";

describeEachDatabase("payees", (ctx) => {
  it("saves digits only; a saved phone is never renamed by a save, and never duplicated", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const first = await call("POST", "/api/payees", { name: "Sam", phone: "+1 (212) 555-0101" });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ name: "Sam", phone: "2125550101" });
    const again = await call("POST", "/api/payees", { name: "Sam", phone: "212.555.0101" });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const other = await call("POST", "/api/payees", { name: "Mom", phone: "212.555.0101" });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({
      message: "Sam is saved with this number.",
      code: "conflict",
      field: "phone",
    });
    await call("POST", "/api/payees", { name: "alex", phone: "2125550102" });
    const list = (await call("GET", "/api/payees")).json();
    expect(list.map((p: { name: string }) => p.name)).toEqual(["alex", "Sam"]);
  });

  it("edits a contact's name and phone; another's phone is 409, another user's id 404", async () => {
    const alice = as(ctx.app, await createReadyUser(ctx.app));
    const bob = as(ctx.app, await createReadyUser(ctx.app));
    const sam = (await alice("POST", "/api/payees", { name: "Sam", phone: "2125550101" })).json();
    await alice("POST", "/api/payees", { name: "Alex", phone: "2125550102" });
    const renamed = await alice("PATCH", `/api/payees/${sam.id}`, { name: "Sam Lee" });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ id: sam.id, name: "Sam Lee", phone: "2125550101", email: null });
    const moved = await alice("PATCH", `/api/payees/${sam.id}`, { phone: "(310) 555-0100" });
    expect(moved.json()).toEqual({ id: sam.id, name: "Sam Lee", phone: "3105550100", email: null });
    const emailed = await alice("PATCH", `/api/payees/${sam.id}`, { email: " sam@example.com " });
    expect(emailed.json()).toEqual({
      id: sam.id,
      name: "Sam Lee",
      phone: "3105550100",
      email: "sam@example.com",
    });
    expect((await alice("PATCH", `/api/payees/${sam.id}`, { email: "not an email" })).statusCode).toBe(400);
    const cleared = await alice("PATCH", `/api/payees/${sam.id}`, { email: null });
    expect(cleared.json().email).toBeNull();
    const taken = await alice("PATCH", `/api/payees/${sam.id}`, { phone: "2125550102" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      message: "Alex is saved with this number.",
      code: "conflict",
      field: "phone",
    });
    expect((await bob("PATCH", `/api/payees/${sam.id}`, { name: "Mine" })).statusCode).toBe(404);
    expect((await alice("PATCH", "/api/payees/nope", { name: "X" })).statusCode).toBe(404);
    for (const body of [{}, { name: "" }, { phone: "123" }, { name: "A", extra: 1 }]) {
      const refused = await alice("PATCH", `/api/payees/${sam.id}`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json()).toHaveProperty("message");
    }
    const list = (await alice("GET", "/api/payees")).json();
    expect(list.map((p: { name: string }) => p.name)).toEqual(["Alex", "Sam Lee"]);
  });

  it("finds contacts as one types: accents and case ignored, or by phone digits", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    for (const [name, phone] of [
      ["Zoë Park", "2125550144"],
      ["Alex Kim", "3105550100"],
      ["zoe lin", "2125550199"],
    ]) {
      await call("POST", "/api/payees", { name, phone });
    }
    const names = async (q: string) =>
      (await call("GET", `/api/payees?q=${encodeURIComponent(q)}`))
        .json()
        .map((p: { name: string }) => p.name);
    expect(await names("ZOE")).toEqual(["zoe lin", "Zoë Park"]);
    expect(await names("zoë p")).toEqual(["Zoë Park"]);
    expect(await names("555-0100")).toEqual(["Alex Kim"]);
    expect(await names("al")).toEqual(["Alex Kim"]);
    const first = await call("GET", "/api/payees?q=zo&limit=1");
    expect(first.headers.link).toMatch(/q=zo/);
  });

  it("refuses bad contacts with 400 {message}", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    for (const body of [
      { name: "", phone: "2125550101" },
      { name: "A", phone: "123" },
      { name: "A" },
      { phone: "2125550101" },
    ]) {
      const response = await call("POST", "/api/payees", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toHaveProperty("message");
    }
  });

  it("deletes only the caller's contacts; another user's id is 404", async () => {
    const alice = as(ctx.app, await createReadyUser(ctx.app));
    const bob = as(ctx.app, await createReadyUser(ctx.app));
    const contact = (await alice("POST", "/api/payees", { name: "Sam", phone: "2125550101" })).json();
    expect((await bob("DELETE", `/api/payees/${contact.id}`)).statusCode).toBe(404);
    expect((await bob("GET", "/api/payees")).json()).toEqual([]);
    expect((await bob("DELETE", "/api/payees/nope")).statusCode).toBe(404);
    expect((await alice("GET", "/api/payees")).json()).toHaveLength(1);
    expect((await alice("DELETE", `/api/payees/${contact.id}`)).statusCode).toBe(204);
    expect((await alice("DELETE", `/api/payees/${contact.id}`)).statusCode).toBe(404);
    expect((await alice("GET", "/api/payees")).json()).toEqual([]);
  });

  it("answers 401 when signed out", async () => {
    const anonymous = as(ctx.app, null);
    expect((await anonymous("GET", "/api/payees")).statusCode).toBe(401);
    expect((await anonymous("POST", "/api/payees", { name: "A", phone: "2125550101" })).statusCode).toBe(401);
    expect((await anonymous("DELETE", "/api/payees/00000000-0000-4000-8000-000000000000")).statusCode).toBe(
      401,
    );
  });
});

describeEachDatabase("payee pages", (ctx) => {
  it("pages contacts by name, each once, with the next page in a Link header; others' never", async () => {
    const user = await createReadyUser(ctx.app);
    const [owner] = await ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, user.email));
    const names = Array.from({ length: 130 }, (_, n) => `${["sam", "Alex", "Émile", "zoe"][n % 4]} ${n % 7}`);
    await ctx.database.db.insert(payees).values(
      names.map((name, n) => ({
        userId: owner?.id as string,
        name,
        phone: String(2125550000 + n),
      })),
    );
    const bob = as(ctx.app, await createReadyUser(ctx.app));
    await bob("POST", "/api/payees", { name: "Bob's friend", phone: "2125559999" });
    const call = as(ctx.app, user);
    const first = await call("GET", "/api/payees");
    expect(first.json()).toHaveLength(50);
    expect(first.headers.link).toMatch(/^<\/api\/payees\?limit=50&cursor=[A-Za-z0-9_-]+>; rel="next"$/);
    const seen: { id: string; name: string }[] = [];
    let next: string | null = "/api/payees?limit=40";
    let pages = 0;
    while (next) {
      const response = await call("GET", next);
      seen.push(...response.json());
      pages += 1;
      next = response.headers.link ? (/^<([^>]+)>/.exec(String(response.headers.link))?.[1] ?? null) : null;
      // Bob following Alice's link sees only his own contact.
      if (next) {
        const theirs = (await bob("GET", next)).json().map((p: { name: string }) => p.name);
        expect(theirs.filter((name: string) => name !== "Bob's friend")).toEqual([]);
      }
    }
    expect(pages).toBe(4);
    expect(new Set(seen.map((p) => p.id)).size).toBe(130);
    const sorted = await ctx.database.db
      .select({ id: payees.id })
      .from(payees)
      .where(eq(payees.userId, owner?.id as string))
      .orderBy(sql`lower(${payees.name}), ${payees.id}`);
    expect(seen.map((p) => p.id)).toEqual(sorted.map((p) => p.id));
    expect((await call("GET", "/api/payees?cursor=bad!")).json()).toEqual({
      message: "cursor: Invalid cursor.",
      code: "invalid",
      field: "cursor",
    });
  });
});
