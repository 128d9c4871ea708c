import { expect, it } from "vitest";
import { as, createReadyUser, describeEachDatabase } from "../../test/harness";

describeEachDatabase("payees", (ctx) => {
  it("saves digits only and updates the name of an existing phone instead of duplicating", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const first = await call("POST", "/api/payees", { name: "Sam", phone: "+1 (212) 555-0101" });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ name: "Sam", phone: "2125550101" });
    const renamed = await call("POST", "/api/payees", { name: "Sam Lee", phone: "212.555.0101" });
    expect(renamed.json().id).toBe(first.json().id);
    await call("POST", "/api/payees", { name: "alex", phone: "2125550102" });
    const list = (await call("GET", "/api/payees")).json();
    expect(list.map((p: { name: string }) => p.name)).toEqual(["alex", "Sam Lee"]);
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
