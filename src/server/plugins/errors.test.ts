import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { LIMITS } from "#server/limits.ts";
import { OPENAPI_PATH } from "#server/plugins/openapi.ts";
import {
  as,
  createReadyUser,
  describeEachDatabase,
  nextIp,
  signIn,
  TEST_ORIGIN,
} from "#server/test/harness.ts";

const valid = {
  recipientName: "Sam Lee",
  recipientPhone: "(212) 555-0101",
  amount: "25.00",
  description: "Pizza night",
};

// Every 4xx is {message, code} and, when one field is at fault, field (docs/product.md#errors).
describeEachDatabase("error answers", (ctx) => {
  it("a schema's refusal: code invalid and the field, the spec's sentence kept as it was", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const amount = await call("POST", "/api/payment-requests", { ...valid, amount: "0" });
    expect(amount.statusCode).toBe(400);
    expect(amount.json()).toEqual({
      message: "amount: Please enter a valid amount greater than $0.",
      code: "invalid",
      field: "amount",
    });
    const phone = await call("POST", "/api/payment-requests", { ...valid, recipientPhone: "" });
    expect(phone.json()).toEqual({
      message: "recipientPhone: Please enter a mobile phone number.",
      code: "invalid",
      field: "recipientPhone",
    });
    // A nested field is a dotted path; a query's field is named the same way.
    const handle = await call("POST", "/api/payment-accounts", {
      accounts: [{ provider: "venmo", accountHandle: "alex" }],
    });
    expect(handle.statusCode).toBe(400);
    expect(handle.json()).toMatchObject({ code: "invalid", field: "accounts.0.accountHandle" });
    expect(handle.json().message).toMatch(/^accounts\.0\.accountHandle: /);
    const cursor = await call("GET", "/api/payees?cursor=bad!");
    expect(cursor.json()).toEqual({ message: "cursor: Invalid cursor.", code: "invalid", field: "cursor" });
  });

  it("a route's own 400 about one field names it (HttpError with a field)", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const past = await call("POST", "/api/payment-requests", { ...valid, dueDate: "2001-02-03" });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toEqual({
      message: "Choose a due date from today on.",
      code: "invalid",
      field: "dueDate",
    });
    const series = await call("POST", "/api/recurring-requests", {
      ...valid,
      payerEmail: null,
      frequency: "monthly",
      startDate: "2001-02-03",
      endDate: null,
      count: null,
    });
    expect(series.statusCode).toBe(400);
    expect(series.json()).toMatchObject({ code: "invalid", field: "startDate" });
  });

  it("other refusals carry their status's code, and a field only when one is at fault", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const missing = await call("PATCH", `/api/payment-requests/${randomUUID()}/status`, { status: "paid" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "Payment request not found", code: "not_found" });
    // No route at all: the 404 the server writes itself.
    const nowhere = await call("GET", "/api/no-such-thing");
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.json()).toEqual({ message: "Not found", code: "not_found" });
    const signedOut = await as(ctx.app, null)("GET", "/api/payees");
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ message: "Unauthorized", code: "unauthorized" });
    await call("POST", "/api/payees", { name: "Sam", phone: "2125550101" });
    const taken = await call("POST", "/api/payees", { name: "Mom", phone: "2125550101" });
    expect(taken.statusCode).toBe(409);
    // The number is the field at fault: the form marks it.
    expect(taken.json()).toEqual({
      message: "Sam is saved with this number.",
      code: "conflict",
      field: "phone",
    });
  });

  it("keeps better-auth's own codes, and gives its code-less 429 one", async () => {
    const wrong = await signIn(ctx.app, "nobody@example.com", "wrong password!");
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe("INVALID_EMAIL_OR_PASSWORD");
    // better-auth's own per-address limit (no password checked, so not Collect's count).
    const ip = nextIp();
    const ask = () =>
      ctx.app.inject({
        method: "POST",
        url: "/api/identity/request-password-reset",
        remoteAddress: ip,
        headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
        payload: { email: "nobody@example.com", redirectTo: "/reset-password" },
      });
    let last = await ask();
    for (let i = 0; i < LIMITS.identityPerAddress.max && last.statusCode !== 429; i++) last = await ask();
    expect(last.statusCode).toBe(429);
    expect(last.json()).toEqual({
      message: "Too many requests. Please try again later.",
      code: "rate_limited",
    });
    expect(Number(last.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("documents the shape and the codes in the API reference", async () => {
    const document = (await ctx.app.inject({ method: "GET", url: OPENAPI_PATH })).json();
    const schema =
      document.paths["/api/payment-requests"].post.responses["400"].content["application/json"].schema;
    expect(schema.required).toEqual(["message", "code"]);
    expect(schema.properties.field.type).toBe("string");
    expect(schema.properties.code.enum).toEqual(
      expect.arrayContaining(["invalid", "unauthorized", "not_found", "conflict", "rate_limited"]),
    );
  });
});
