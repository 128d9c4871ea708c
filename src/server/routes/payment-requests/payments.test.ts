import { expect, it } from "vitest";
import { as, createReadyUser, describeEachDatabase, nextIp } from "#server/test/harness.ts";

const rent = { recipientName: "Sam Lee", recipientPhone: "2125550101", amount: "1450", description: "Rent" };
const codeOf = (request: { shortUrl: string }) => request.shortUrl.split("/").pop() as string;

describeEachDatabase("part payments", (ctx) => {
  const setUp = async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const { request } = (await call("POST", "/api/payment-requests", rent)).json();
    const pay = (body: object) => call("POST", `/api/payment-requests/${request.id}/payments`, body);
    return { call, request, pay };
  };
  const screen = (code: string) =>
    ctx.app.inject({ method: "GET", url: `/api/payment-screen/${code}`, remoteAddress: nextIp() });

  it("records part of a request: the request, the pay page, a reminder and the totals ask for what is left", async () => {
    // Before: a tenant who paid $1,000 of $1,450 left the request pending for the whole amount.
    const { call, request, pay } = await setUp();
    const paid = await pay({ amount: "1000", method: "venmo", paidOn: "2026-11-01" });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({
      status: "pending",
      amount: "1450.00",
      paidAmount: "1000.00",
      payments: [{ amount: "1000.00", method: "venmo", paidOn: "2026-11-01" }],
    });
    const one = (await call("GET", `/api/payment-requests/${request.id}`)).json();
    expect(one.payments).toHaveLength(1);
    expect(one.paidAmount).toBe("1000.00");
    const listed = (await call("GET", "/api/payment-requests")).json();
    expect(listed[0]).toMatchObject({ id: request.id, paidAmount: "1000.00" });
    expect(listed[0].payments).toBeUndefined();

    const view = (await screen(codeOf(request))).json();
    expect(view.request).toMatchObject({
      amount: "450.00",
      partPaid: { paid: "1000.00", total: "1450.00" },
    });
    const page = await ctx.app.inject({
      method: "GET",
      url: `/pay/${codeOf(request)}`,
      remoteAddress: nextIp(),
    });
    expect(page.body).toContain("$450.00");
    expect(page.body).toContain("$1,000.00 of $1,450.00 paid");
    // The Venmo button asks for what is left.
    expect(page.body).toContain("amount=450.00");

    const reminded = (await call("POST", `/api/payment-requests/${request.id}/remind`)).json();
    expect(reminded.smsMessage).toContain("about $450.00 for Rent");
    const summary = (await call("GET", "/api/payment-requests/summary")).json();
    expect(summary).toMatchObject({ outstanding: "450.00", collected: "1000.00" });
  });

  it("marks the request paid when nothing is left, and an Undo of that payment makes it owed again", async () => {
    const { call, request, pay } = await setUp();
    await pay({ amount: "1000.00" });
    const rest = await pay({ amount: "450", method: "cash" });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json()).toMatchObject({ status: "paid", paidAmount: "1450.00" });
    expect(rest.json().payments.map((p: { method: string | null }) => p.method)).toEqual([null, "cash"]);
    // The pay page says it is paid, with nothing to ask for.
    expect((await screen(codeOf(request))).json().request).toMatchObject({
      status: "paid",
      amount: "1450.00",
    });
    expect((await screen(codeOf(request))).json().request.partPaid).toBeUndefined();
    // "Mark as not paid" would leave a pending request with nothing left: undo a payment instead.
    const notPaid = await call("PATCH", `/api/payment-requests/${request.id}/status`, { status: "pending" });
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json().message).toMatch(/paid in parts/);

    const last = rest.json().payments[1].id;
    const undone = await call("DELETE", `/api/payment-requests/${request.id}/payments/${last}`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ status: "pending", paidAmount: "1000.00" });
    expect(undone.json().payments).toHaveLength(1);
    expect((await screen(codeOf(request))).json().request.amount).toBe("450.00");
    const again = await call("DELETE", `/api/payment-requests/${request.id}/payments/${last}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe("Payment not found");
    // Undoing the last one leaves the request as it was made: no paidAmount at all.
    const first = undone.json().payments[0].id;
    const bare = (await call("DELETE", `/api/payment-requests/${request.id}/payments/${first}`)).json();
    expect(bare.paidAmount).toBeUndefined();
    expect(bare.payments).toEqual([]);
  });

  it("keeps a request marked paid by hand paid when one of its part payments is undone", async () => {
    const { call, request, pay } = await setUp();
    const part = (await pay({ amount: "200" })).json().payments[0].id;
    await call("PATCH", `/api/payment-requests/${request.id}/status`, { status: "paid" });
    const undone = await call("DELETE", `/api/payment-requests/${request.id}/payments/${part}`);
    expect(undone.json()).toMatchObject({ status: "paid" });
    expect(undone.json().paidAmount).toBeUndefined();
  });

  it("refuses more than is left, a bad amount, method or day, and another user's request", async () => {
    const { call, request, pay } = await setUp();
    await pay({ amount: "1000" });
    const over = await pay({ amount: "450.01" });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      message: "A payment can be at most what is left: $450.00.",
      field: "amount",
    });
    expect((await pay({ amount: "0" })).statusCode).toBe(400);
    expect((await pay({ amount: "abc" })).json().message).toBe(
      "Please enter a valid amount greater than $0.",
    );
    expect((await pay({ amount: "1.005" })).statusCode).toBe(400);
    expect((await pay({ amount: "10", method: "bitcoin" })).json().message).toMatch(/Choose how it was paid/);
    const future = await pay({ amount: "10", paidOn: "2999-01-01" });
    expect(future.json()).toMatchObject({
      message: "Choose the day it was paid, today or earlier.",
      field: "paidOn",
    });
    expect((await pay({ amount: "10", paidOn: "2026-02-30" })).statusCode).toBe(400);
    expect((await pay({ amount: "10", extra: 1 })).statusCode).toBe(400);

    const other = as(ctx.app, await createReadyUser(ctx.app));
    expect(
      (await other("POST", `/api/payment-requests/${request.id}/payments`, { amount: "1" })).statusCode,
    ).toBe(404);
    expect((await other("GET", `/api/payment-requests/${request.id}`)).statusCode).toBe(404);
    const mine = (await call("GET", `/api/payment-requests/${request.id}`)).json();
    expect(
      (await other("DELETE", `/api/payment-requests/${request.id}/payments/${mine.payments[0].id}`))
        .statusCode,
    ).toBe(404);
    expect((await as(ctx.app, null)("GET", `/api/payment-requests/${request.id}`)).statusCode).toBe(401);
    expect((await call("GET", "/api/payment-requests/not-an-id")).statusCode).toBe(404);

    await call("PATCH", `/api/payment-requests/${request.id}/status`, { status: "cancelled" });
    expect((await pay({ amount: "10" })).statusCode).toBe(409);
    // Nothing the refusals tried was recorded.
    expect((await call("GET", `/api/payment-requests/${request.id}`)).json().paidAmount).toBe("1000.00");
  });

  it("lets only one of two payments take the last of what is left", async () => {
    const { call, request, pay } = await setUp();
    await pay({ amount: "1000" });
    const answers = await Promise.all([pay({ amount: "450" }), pay({ amount: "450" })]);
    // The second finds it paid already.
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const after = (await call("GET", `/api/payment-requests/${request.id}`)).json();
    expect(after).toMatchObject({ status: "paid", paidAmount: "1450.00" });
    expect(after.payments).toHaveLength(2);
  });

  it("counts part payments in the request's own currency, exactly", async () => {
    const { call } = await setUp();
    const { request } = (
      await call("POST", "/api/payment-requests", { ...rent, amount: "100", currency: "EUR" })
    ).json();
    const pay = (amount: string) => call("POST", `/api/payment-requests/${request.id}/payments`, { amount });
    for (const amount of ["33.33", "33.33"]) expect((await pay(amount)).statusCode).toBe(201);
    const over = await pay("33.35");
    expect(over.json().message).toBe("A payment can be at most what is left: €33.34.");
    const last = await pay("33.34");
    expect(last.json()).toMatchObject({ status: "paid", paidAmount: "100.00", currency: "EUR" });
  });
});
