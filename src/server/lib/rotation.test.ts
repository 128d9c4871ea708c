import { expect, it } from "vitest";
import { stopToken } from "#server/reminders/reminders-mail.ts";
import {
  as,
  buildTestApp,
  createReadyUser,
  describeEachDatabase,
  TEST_SECRET,
} from "#server/test/harness.ts";

const NEW = "rotated-secret-rotated-secret-rotated-0002";

describeEachDatabase("rotating AUTH_SECRET", (ctx) => {
  it("keeps a link signed with the old secret working while AUTH_SECRET_PREVIOUS holds it", async () => {
    const call = as(ctx.app, await createReadyUser(ctx.app));
    const made = await call("POST", "/api/payment-requests", {
      recipientName: "Sam Lee",
      recipientPhone: "2125550101",
      amount: "40.00",
    });
    const id = made.json().request.id as string;
    const sent = `/api/payment-requests/stop-reminders/${stopToken(id, TEST_SECRET)}`;
    const rotated = await buildTestApp(ctx.database, { authSecret: NEW, authSecretPrevious: TEST_SECRET });
    const dropped = await buildTestApp(ctx.database, { authSecret: NEW });
    try {
      expect((await rotated.inject({ method: "GET", url: sent })).statusCode).toBe(200);
      expect((await dropped.inject({ method: "GET", url: sent })).statusCode).toBe(404);
      const fresh = `/api/payment-requests/stop-reminders/${stopToken(id, NEW)}`;
      expect((await dropped.inject({ method: "GET", url: fresh })).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: "GET", url: fresh })).statusCode).toBe(404);
    } finally {
      await rotated.close();
      await dropped.close();
    }
  });
});
