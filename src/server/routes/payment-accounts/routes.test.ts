import { expect, it } from "vitest";
import { as, createReadyUser, describeEachDatabase } from "#server/test/harness.ts";

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
