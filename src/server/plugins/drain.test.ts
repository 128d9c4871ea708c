import { expect, it } from "vitest";
import type {} from "#server/plugins/drain.ts";
import { describeEachDatabase } from "#server/test/harness.ts";

describeEachDatabase("draining after SIGTERM", (ctx) => {
  it("keeps serving, says 503 on /readyz and closes each answer's connection once draining", async () => {
    const before = await ctx.app.inject({ url: "/readyz" });
    expect(before.statusCode).toBe(200);
    expect(before.headers.connection).not.toBe("close");

    ctx.app.drain.start();
    const ready = await ctx.app.inject({ url: "/readyz" });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ message: "Shutting down" });
    const served = await ctx.app.inject({ url: "/api/auth/sign-in-options" });
    expect(served.statusCode).toBe(200);
    expect(served.headers.connection).toBe("close");
    expect((await ctx.app.inject({ url: "/healthz" })).statusCode).toBe(200);
  });
});
