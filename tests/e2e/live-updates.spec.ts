import { expect, signedInTest } from "./fixtures";

/**
 * The server ends each event stream after its lifetime (src/server/limits.ts) as a finished
 * response. The open tab must open the next one by itself and refetch its lists, or it would
 * stop being live after half an hour.
 */
signedInTest(
  "a tab reopens its event stream when the server ends it, and refetches its lists",
  async ({ page }) => {
    const asked: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "GET") asked.push(new URL(request.url()).pathname);
    });
    let opened = 0;
    await page.route("**/api/events", async (route) => {
      opened++;
      // The first stream ends as the server ends one at its lifetime; the next is the real one.
      if (opened > 1) return route.continue();
      return route.fulfill({
        status: 200,
        headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-store" },
        body: "retry: 3000\n: connected\n\n",
      });
    });
    await page.goto("/");
    await expect.poll(() => opened, { timeout: 10_000 }).toBe(2);
    // The lists are asked for again once the new stream is open.
    await expect
      .poll(() => {
        const second = asked.indexOf("/api/events", asked.indexOf("/api/events") + 1);
        return second >= 0 && asked.slice(second).some((path) => path.startsWith("/api/payment-requests"));
      })
      .toBe(true);
  },
);
