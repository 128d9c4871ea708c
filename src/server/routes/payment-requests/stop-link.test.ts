import { expect, it } from "vitest";
import { describeEachDatabase, nextIp } from "#server/test/harness.ts";

describeEachDatabase("the payer's stop-reminders link", (ctx) => {
  it("is bounded per address like the other one-click links: 30 a minute, then 429", async () => {
    const address = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const answer = await ctx.app.inject({
        method: "POST",
        url: "/api/payment-requests/stop-reminders/not-a-real-token-0123456789",
        remoteAddress: address,
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 404 || s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another address is not affected.
    const other = await ctx.app.inject({
      method: "POST",
      url: "/api/payment-requests/stop-reminders/not-a-real-token-0123456789",
      remoteAddress: nextIp(),
    });
    expect(other.statusCode).not.toBe(429);
  });
});
