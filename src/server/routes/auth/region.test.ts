import { expect, it } from "vitest";
import { as, createReadyUser, createUser, describeEachDatabase } from "#server/test/harness.ts";

const VENMO = [{ provider: "venmo", accountHandle: "@alex-doe" }];

describeEachDatabase("an account's country, language and currency", (ctx) => {
  it("reads as the spec's US account, in dollars and the browser's language, until one is chosen", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const user = await call("GET", "/api/auth/user");
    expect(user.statusCode).toBe(200);
    expect(user.json()).toMatchObject({ country: "US", language: null, currency: "USD" });
  });

  it("takes them at setup; a country alone brings its own currency", async () => {
    const call = as(ctx.app, await createUser(ctx.app));
    const setup = await call("POST", "/api/auth/setup", {
      profileName: "Jonas",
      paymentAccounts: VENMO,
      country: "DE",
      language: "de",
    });
    expect(setup.statusCode).toBe(200);
    expect(setup.json()).toMatchObject({
      profileName: "Jonas",
      country: "DE",
      language: "de",
      currency: "EUR",
    });
    expect((await call("GET", "/api/auth/user")).json()).toMatchObject({ country: "DE", currency: "EUR" });
  });

  it("changes each one on the profile only when it is sent", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const profile = { profileName: "Ana", firstName: null, lastName: null };
    const first = await call("PUT", "/api/auth/profile", { ...profile, country: "BR", language: "pt-BR" });
    expect(first.json()).toMatchObject({ country: "BR", language: "pt-BR", currency: "BRL" });
    const second = await call("PUT", "/api/auth/profile", { ...profile, currency: "USD" });
    expect(second.json()).toMatchObject({ country: "BR", language: "pt-BR", currency: "USD" });
    const unchanged = await call("PUT", "/api/auth/profile", profile);
    expect(unchanged.json()).toMatchObject({ country: "BR", language: "pt-BR", currency: "USD" });
    // null (or ""): no language chosen, the browser's again.
    const cleared = await call("PUT", "/api/auth/profile", { ...profile, language: null });
    expect(cleared.json()).toMatchObject({ country: "BR", language: null, currency: "USD" });
    await call("PUT", "/api/auth/profile", { ...profile, language: "ar" });
    const emptied = await call("PUT", "/api/auth/profile", { ...profile, language: "" });
    expect(emptied.json()).toMatchObject({ language: null });
  });

  it("refuses a country, language or currency it does not know, naming the field", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const profile = { profileName: "Ana", firstName: null, lastName: null };
    for (const [field, value] of [
      ["country", "EU"],
      ["country", "de"],
      ["language", "pt"],
      ["currency", "EURO"],
      ["currency", "XYZ"],
    ] as const) {
      const response = await call("PUT", "/api/auth/profile", { ...profile, [field]: value });
      expect(response.statusCode, `${field} ${value}`).toBe(400);
      expect(response.json().message, `${field} ${value}`).toMatch(new RegExp(`^${field}: `));
    }
    expect((await call("GET", "/api/auth/user")).json()).toMatchObject({ country: "US", currency: "USD" });
  });
});
