import { expect, it } from "vitest";
import { as, createReadyUser, describeEachDatabase } from "#server/test/harness.ts";
import { pdfText } from "#server/test/pdf-text.ts";

const sam = { recipientName: "Sam Lee", recipientPhone: "2125550101" };

describeEachDatabase("receipts and statements to keep", (ctx) => {
  it("draws a request's receipt once something is paid, for its owner only", async () => {
    // Before: nothing to download or keep; a tenant asking for a receipt got a screenshot.
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const rent = (
      await call("POST", "/api/payment-requests", { ...sam, amount: "1450", description: "Rent" })
    ).json().request;
    const url = `/api/payment-requests/${rent.id}/receipt.pdf`;
    const none = await call("GET", url);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe("Nothing has been paid on this request yet.");

    await call("POST", `/api/payment-requests/${rent.id}/payments`, { amount: "1000", method: "venmo" });
    const part = await call("GET", url);
    expect(part.statusCode, part.body).toBe(200);
    expect(part.headers["content-type"]).toBe("application/pdf");
    expect(part.headers["content-disposition"]).toBe(
      `attachment; filename="collect-receipt-${rent.shortUrl.split("/").pop()}.pdf"`,
    );
    expect(part.headers["cache-control"]).toBe("no-store");
    const partText = await pdfText(part.rawPayload);
    expect(partText).toContain("Paid by: Sam Lee");
    expect(partText).toContain("Venmo");
    expect(partText).toContain("Left to pay: $450.00");

    await call("PATCH", `/api/payment-requests/${rent.id}/status`, { status: "paid" });
    const paid = await pdfText((await call("GET", url)).rawPayload);
    expect(paid).toContain("Paid: $1,450.00");
    expect(paid).toContain("Marked paid");
    expect(paid).toMatch(/Paid in full on \w{3} \d{1,2}, \d{4}\./);

    // Another account, a made-up id, no session.
    const bob = as(ctx.app, await createReadyUser(ctx.app));
    expect((await bob("GET", url)).statusCode).toBe(404);
    expect((await call("GET", "/api/payment-requests/not-an-id/receipt.pdf")).statusCode).toBe(404);
    expect((await as(ctx.app, null)("GET", url)).statusCode).toBe(401);
  });

  it("speaks the account's language", async () => {
    const user = await createReadyUser(ctx.app);
    const call = as(ctx.app, user);
    await call("PUT", "/api/auth/profile", {
      profileName: "Maria Lopez",
      firstName: null,
      lastName: null,
      language: "de",
    });
    const made = (
      await call("POST", "/api/payment-requests", { ...sam, amount: "80", description: "Konzert" })
    ).json().request;
    await call("PATCH", `/api/payment-requests/${made.id}/status`, { status: "paid" });
    const text = await pdfText(
      (await call("GET", `/api/payment-requests/${made.id}/receipt.pdf`)).rawPayload,
    );
    expect(text).toContain("Quittung");
    expect(text).toContain("Bezahlt an: Maria Lopez");
  });

  it("draws a person's statement: each request asked, paid and left, and the totals per currency", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const make = async (body: object) => (await call("POST", "/api/payment-requests", body)).json().request;
    const november = await make({ ...sam, amount: "1450", description: "Rent November" });
    const december = await make({ ...sam, amount: "1450", description: "Rent December" });
    await make({ ...sam, amount: "40", currency: "EUR", description: "Trip" });
    const cancelled = await make({ ...sam, amount: "999", description: "Mistake" });
    await make({
      recipientName: "Kim Park",
      recipientPhone: "2125550102",
      amount: "12",
      description: "Lunch",
    });
    await call("PATCH", `/api/payment-requests/${november.id}/status`, { status: "paid" });
    await call("POST", `/api/payment-requests/${december.id}/payments`, { amount: "1000" });
    await call("PATCH", `/api/payment-requests/${cancelled.id}/status`, { status: "cancelled" });

    const statement = await call("GET", "/api/balances/2125550101/statement.pdf");
    expect(statement.statusCode, statement.body).toBe(200);
    expect(statement.headers["content-type"]).toBe("application/pdf");
    expect(statement.headers["content-disposition"]).toMatch(
      /^attachment; filename="collect-statement-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    const text = await pdfText(statement.rawPayload);
    for (const words of [
      "Statement",
      "To: Sam Lee, (212) 555-0101",
      "In USD",
      "“Rent November”",
      "“Rent December”",
      "In EUR",
      "“Trip”",
      "$2,900.00",
      "$2,450.00",
      "$450.00",
      "€40.00",
    ])
      expect(text, words).toContain(words);
    expect(text).not.toContain("Mistake");
    expect(text).not.toContain("Lunch");

    const bob = as(ctx.app, await createReadyUser(ctx.app));
    expect((await bob("GET", "/api/balances/2125550101/statement.pdf")).statusCode).toBe(404);
    expect((await call("GET", "/api/balances/2125550199/statement.pdf")).statusCode).toBe(404);
    expect((await call("GET", "/api/balances/not-a-phone/statement.pdf")).statusCode).toBe(400);
  });
  it("gives the payer the same receipt from the paid page, in the page's language", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const made = (
      await call("POST", "/api/payment-requests", { ...sam, amount: "25", description: "Lunch" })
    ).json().request;
    const code = made.shortUrl.split("/").pop();
    const anyone = (headers: Record<string, string> = {}) =>
      ctx.app.inject({ method: "GET", url: `/pay/${code}/receipt.pdf`, headers });
    // Nothing paid yet: no receipt, and the page offers none.
    expect((await anyone()).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: "GET", url: `/pay/${code}` })).body).not.toContain("receipt.pdf");

    await call("PATCH", `/api/payment-requests/${made.id}/status`, { status: "paid" });
    const page = (await ctx.app.inject({ method: "GET", url: `/pay/${code}` })).body;
    expect(page).toContain(`href="/pay/${code}/receipt.pdf"`);
    expect(page).toContain("Download a receipt (PDF)");
    const receipt = await anyone({ "accept-language": "de-DE,de;q=0.9" });
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.headers["content-type"]).toBe("application/pdf");
    expect(receipt.headers["x-robots-tag"]).toBe("noindex, nofollow");
    const text = await pdfText(receipt.rawPayload);
    expect(text).toContain("Quittung");
    expect(text).toContain("Bezahlt von: Sam Lee");

    // A cancelled request, and a code no request has: not found, alike.
    const other = (await call("POST", "/api/payment-requests", { ...sam, amount: "5" })).json().request;
    await call("PATCH", `/api/payment-requests/${other.id}/status`, { status: "cancelled" });
    const cancelled = await ctx.app.inject({
      method: "GET",
      url: `/pay/${other.shortUrl.split("/").pop()}/receipt.pdf`,
    });
    expect(cancelled.statusCode).toBe(404);
    expect((await ctx.app.inject({ method: "GET", url: "/pay/Zz9Zz9Zz9Z/receipt.pdf" })).statusCode).toBe(
      404,
    );
  });
});
