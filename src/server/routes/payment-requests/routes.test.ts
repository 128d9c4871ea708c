import { expect, it } from "vitest";
import { as, createReadyUser, describeEachDatabase, TEST_ORIGIN } from "#server/test/harness.ts";
import { SHORT_CODE_LENGTH } from "#shared/schemas/payment-request.ts";

const valid = {
  recipientName: "Sam Lee",
  recipientPhone: "(212) 555-0101",
  amount: "25.5",
  description: "Pizza night",
};

describeEachDatabase("payment requests", (ctx) => {
  it("creates a request with a short link and a one-segment SMS", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const response = await call("POST", "/api/payment-requests", valid);
    expect(response.statusCode).toBe(201);
    const { request, smsMessage } = response.json();
    expect(request).toMatchObject({
      amount: "25.50",
      status: "pending",
      description: "Pizza night",
      recipientName: "Sam Lee",
      recipientPhone: "2125550101",
    });
    expect(request.shortUrl).toMatch(new RegExp(`^${TEST_ORIGIN}/pay/[A-Za-z0-9_-]{${SHORT_CODE_LENGTH}}$`));
    expect(smsMessage).toBe(
      `Hi Sam, Test User is requesting $25.50 for Pizza night. Pay here: ${request.shortUrl}`,
    );
    expect(smsMessage.length).toBeLessThanOrEqual(160);
  });

  it("keeps the description in the text, in plain punctuation, and stores it as typed", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    for (const [description, plain] of [
      ["Sam’s birthday gift", "Sam's birthday gift"],
      ["Rent – March", "Rent - March"],
      ["Tacos 🌮", "Tacos 🌮"],
      ["Sam & Alex, 50% + tip", "Sam and Alex, 50 percent plus tip"],
    ]) {
      const response = await call("POST", "/api/payment-requests", { ...valid, description });
      const { request, smsMessage } = response.json();
      expect(request.description).toBe(description);
      expect(smsMessage).toBe(
        `Hi Sam, Test User is requesting $25.50 for ${plain}. Pay here: ${request.shortUrl}`,
      );
    }
  });

  it("refuses another country's number and impossible US ones, never reading them as US numbers", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    for (const recipientPhone of ["+91 98765 43210", "+52 55 1234 5678"]) {
      const response = await call("POST", "/api/payment-requests", { ...valid, recipientPhone });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: "recipientPhone: Please enter a US mobile number.",
        code: "invalid",
        field: "recipientPhone",
      });
    }
    for (const recipientPhone of [
      "2125550100999",
      "(112) 555-0100",
      "(911) 555-0100",
      "(212) 055-0100",
      "0000000000",
    ]) {
      const response = await call("POST", "/api/payment-requests", { ...valid, recipientPhone });
      expect(response.json(), recipientPhone).toEqual({
        message: "recipientPhone: Please enter a valid 10-digit US mobile number.",
        code: "invalid",
        field: "recipientPhone",
      });
    }
    const payee = await call("POST", "/api/payees", { name: "Sam", phone: "+91 98765 43210" });
    expect(payee.json()).toEqual({
      message: "phone: Please enter a US mobile number.",
      code: "invalid",
      field: "phone",
    });
  });

  it("stores an empty description as null", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const response = await call("POST", "/api/payment-requests", { ...valid, description: "   " });
    expect(response.json().request.description).toBeNull();
    const without = await call("POST", "/api/payment-requests", { ...valid, description: null });
    expect(without.statusCode).toBe(201);
  });

  it("refuses control and text-direction characters in the name and description", async () => {
    // They reach the payer's page, the text message and the payer's emails: a reversed "$1.00"
    // or a bell character there is a trick, not a name.
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const cases: [Record<string, string>, string][] = [
      [{ recipientName: "Bob\u202Eevil" }, "recipientName: Please write the name as one line of plain text."],
      [{ recipientName: "Bob\u0007" }, "recipientName: Please write the name as one line of plain text."],
      [
        { description: "Dinner\r\nLine2" },
        "description: Please write the description as one line of plain text.",
      ],
      [
        { description: "rent \u202E00.1$" },
        "description: Please write the description as one line of plain text.",
      ],
    ];
    for (const [change, message] of cases) {
      const response = await call("POST", "/api/payment-requests", { ...valid, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json()).toEqual({ message, code: "invalid", field: Object.keys(change)[0] });
    }
    // Accents, emoji and right-to-left scripts are plain text.
    const fine = await call("POST", "/api/payment-requests", {
      ...valid,
      recipientName: "Zoë יעל 🍕",
      description: "Café ☕ — לחם",
    });
    expect(fine.statusCode, fine.body).toBe(201);
    expect((await call("GET", "/api/payment-requests")).json()).toHaveLength(1);
  });

  it("refuses bad amounts and phones with 400 {message}, never 500", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const amounts: unknown[] = [
      "0",
      "-1",
      "1.234",
      "1e3",
      "NaN",
      "1000000.01",
      "abc",
      "",
      0,
      -1,
      1e3,
      null,
      "Infinity",
      " ",
      "0.00",
    ];
    for (const amount of amounts) {
      const response = await call("POST", "/api/payment-requests", { ...valid, amount });
      expect(response.statusCode, JSON.stringify(amount)).toBe(400);
      expect(response.json().message).toMatch(/^amount: /);
    }
    for (const recipientPhone of ["123", "(212) 555-010", "", "phone", 2125550101]) {
      const response = await call("POST", "/api/payment-requests", { ...valid, recipientPhone });
      expect(response.statusCode, JSON.stringify(recipientPhone)).toBe(400);
      expect(response.json().message).toMatch(/^recipientPhone: /);
    }
    const noName = await call("POST", "/api/payment-requests", { ...valid, recipientName: " " });
    expect(noName.json()).toEqual({
      message: "recipientName: Please enter the name of the person you're requesting payment from.",
      code: "invalid",
      field: "recipientName",
    });
    const extra = await call("POST", "/api/payment-requests", { ...valid, status: "paid" });
    expect(extra.statusCode).toBe(400);
    const max = await call("POST", "/api/payment-requests", { ...valid, amount: "1000000.00" });
    expect(max.statusCode).toBe(201);
    const list = await call("GET", "/api/payment-requests");
    expect(list.json()).toHaveLength(1);
  });

  it("lists pending first, then newest first", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const ids: string[] = [];
    for (const name of ["First", "Second", "Third"]) {
      const response = await call("POST", "/api/payment-requests", { ...valid, recipientName: name });
      ids.push(response.json().request.id);
    }
    await call("PATCH", `/api/payment-requests/${ids[2]}/status`, { status: "paid" });
    const list = (await call("GET", "/api/payment-requests")).json();
    expect(list.map((r: { recipientName: string }) => r.recipientName)).toEqual(["Second", "First", "Third"]);
  });

  it("moves only pending to paid; anything else is 409", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const { request } = (await call("POST", "/api/payment-requests", valid)).json();
    const paid = await call("PATCH", `/api/payment-requests/${request.id}/status`, { status: "paid" });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().status).toBe("paid");
    const again = await call("PATCH", `/api/payment-requests/${request.id}/status`, { status: "paid" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already paid/);
    const cancelPaid = await call("PATCH", `/api/payment-requests/${request.id}/status`, {
      status: "cancelled",
    });
    expect(cancelPaid.statusCode).toBe(409);
    for (const status of ["refunded", "", null]) {
      const response = await call("PATCH", `/api/payment-requests/${request.id}/status`, { status });
      expect(response.statusCode, String(status)).toBe(400);
    }
  });

  // A second tap marked the next card paid for good: "pending" answered 400, and the payer's
  // page already said "Paid — thank you!". Now the owner can take it back.
  it("takes paid back to pending (Undo, Mark as not paid), only from paid, and the pay page follows", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const { request } = (await call("POST", "/api/payment-requests", valid)).json();
    const code = request.shortUrl.split("/").pop();
    const view = async () => (await call("GET", `/api/payment-screen/${code}`)).json().request.status;
    const notYet = await call("PATCH", `/api/payment-requests/${request.id}/status`, { status: "pending" });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().message).toBe(
      "This request is already pending; only a paid request can be marked as not paid.",
    );
    await call("PATCH", `/api/payment-requests/${request.id}/status`, { status: "paid" });
    expect(await view()).toBe("paid");
    const undone = await call("PATCH", `/api/payment-requests/${request.id}/status`, { status: "pending" });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().status).toBe("pending");
    expect(await view()).toBe("pending");
    // Only its owner; and a cancelled request stays cancelled.
    const stranger = as(ctx.app, await createReadyUser(ctx.app));
    await call("PATCH", `/api/payment-requests/${request.id}/status`, { status: "paid" });
    expect(
      (await stranger("PATCH", `/api/payment-requests/${request.id}/status`, { status: "pending" }))
        .statusCode,
    ).toBe(404);
    const other = (await call("POST", "/api/payment-requests", valid)).json().request;
    await call("PATCH", `/api/payment-requests/${other.id}/status`, { status: "cancelled" });
    const revived = await call("PATCH", `/api/payment-requests/${other.id}/status`, { status: "pending" });
    expect(revived.statusCode).toBe(409);
  });

  it("scopes every id route to its owner: another user's id is 404 like a missing one", async () => {
    const alice = as(ctx.app, await createReadyUser(ctx.app));
    const bob = as(ctx.app, await createReadyUser(ctx.app));
    const { request } = (await alice("POST", "/api/payment-requests", valid)).json();
    const stolen = await bob("PATCH", `/api/payment-requests/${request.id}/status`, { status: "paid" });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ message: "Payment request not found", code: "not_found" });
    const missing = await bob("PATCH", "/api/payment-requests/00000000-0000-4000-8000-000000000000/status", {
      status: "paid",
    });
    expect(missing.statusCode).toBe(404);
    const malformed = await bob("PATCH", "/api/payment-requests/not-a-uuid/status", { status: "paid" });
    expect(malformed.statusCode).toBe(404);
    expect((await bob("GET", "/api/payment-requests")).json()).toEqual([]);
    const still = (await alice("GET", "/api/payment-requests")).json();
    expect(still[0].status).toBe("pending");
  });

  it("answers 401 when signed out", async () => {
    const anonymous = as(ctx.app, null);
    expect((await anonymous("GET", "/api/payment-requests")).statusCode).toBe(401);
    expect((await anonymous("POST", "/api/payment-requests", valid)).statusCode).toBe(401);
    const patch = await anonymous(
      "PATCH",
      "/api/payment-requests/00000000-0000-4000-8000-000000000000/status",
      {
        status: "paid",
      },
    );
    expect(patch.statusCode).toBe(401);
  });
});
