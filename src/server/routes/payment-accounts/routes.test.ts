import { expect, it } from "vitest";
import { as, createReadyUser, describeEachDatabase, nextIp } from "#server/test/harness.ts";

describeEachDatabase("payment accounts", (ctx) => {
  it("replaces the whole set with all five providers", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const accounts = [
      { provider: "googlepay", accountHandle: "(212) 555-0101" },
      { provider: "paypal", accountHandle: "alexdoe" },
      { provider: "venmo", accountHandle: "@alex" },
      { provider: "cashapp", accountHandle: "$alex" },
      { provider: "zelle", accountHandle: "alex@example.com" },
    ];
    const saved = await call("POST", "/api/payment-accounts", { accounts });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().map((a: { provider: string }) => a.provider)).toEqual([
      "paypal",
      "venmo",
      "cashapp",
      "zelle",
      "googlepay",
    ]);
    const fewer = await call("POST", "/api/payment-accounts", {
      accounts: [{ provider: "zelle", accountHandle: "2125550101" }],
    });
    expect(fewer.json()).toEqual([{ provider: "zelle", accountHandle: "2125550101" }]);
    expect((await call("GET", "/api/payment-accounts")).json()).toEqual(fewer.json());
  });

  it("enforces each provider's handle rules on the server", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const bad = [
      { provider: "paypal", accountHandle: "alex@example.com" },
      { provider: "venmo", accountHandle: "alex" },
      { provider: "cashapp", accountHandle: "alex" },
      { provider: "zelle", accountHandle: "not a handle" },
      { provider: "googlepay", accountHandle: "123" },
    ];
    for (const account of bad) {
      const response = await call("POST", "/api/payment-accounts", { accounts: [account] });
      expect(response.statusCode, account.accountHandle).toBe(400);
      expect(response.json().message).toMatch(/^accounts\.0\.accountHandle: /);
    }
    const none = await call("POST", "/api/payment-accounts", { accounts: [] });
    expect(none.json()).toEqual({
      message: "accounts: Please select at least one payment method.",
      code: "invalid",
      field: "accounts",
    });
    const twice = await call("POST", "/api/payment-accounts", {
      accounts: [
        { provider: "venmo", accountHandle: "@a" },
        { provider: "venmo", accountHandle: "@b" },
      ],
    });
    expect(twice.statusCode).toBe(400);
    // The earlier set is untouched by refused calls.
    expect((await call("GET", "/api/payment-accounts")).json()).toEqual([
      { provider: "venmo", accountHandle: "@test-user" },
    ]);
  });
});

describeEachDatabase("the pay page's order of methods", (ctx) => {
  it("is Venmo first until the requester orders their methods; then theirs, on the pay page at once", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const accounts = [
      { provider: "paypal", accountHandle: "alexdoe" },
      { provider: "venmo", accountHandle: "@alex" },
      { provider: "zelle", accountHandle: "alex@example.com" },
    ];
    expect((await call("POST", "/api/payment-accounts", { accounts })).statusCode).toBe(200);
    const request = (
      await call("POST", "/api/payment-requests", {
        recipientName: "Sam",
        recipientPhone: "2125550101",
        amount: "5",
      })
    ).json().request;
    const code = request.shortUrl.split("/pay/")[1];
    const shown = async () =>
      (await ctx.app.inject({ method: "GET", url: `/api/payment-screen/${code}`, remoteAddress: nextIp() }))
        .json()
        .paymentAccounts.map((a: { provider: string }) => a.provider);
    // The spec's order: Venmo first; the account answers as it always did, with no order of its own.
    expect(await shown()).toEqual(["venmo", "paypal", "zelle"]);
    expect((await call("GET", "/api/auth/user")).json()).not.toHaveProperty("methodOrder");

    const ordered = await call("PUT", "/api/payment-accounts/order", { order: ["zelle", "paypal"] });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect((await call("GET", "/api/auth/user")).json().methodOrder).toEqual(["zelle", "paypal"]);
    // A method the order does not name comes after, in the spec's order; the cached page follows at once.
    expect(await shown()).toEqual(["zelle", "paypal", "venmo"]);

    for (const order of [["zelle", "zelle"], ["bitcoin"]]) {
      expect(
        (await call("PUT", "/api/payment-accounts/order", { order })).statusCode,
        JSON.stringify(order),
      ).toBe(400);
    }
    expect((await call("PUT", "/api/payment-accounts/order", { order: null })).statusCode).toBe(200);
    expect(await shown()).toEqual(["venmo", "paypal", "zelle"]);
    expect((await call("GET", "/api/auth/user")).json()).not.toHaveProperty("methodOrder");
  });
});
