import { chromium } from "@playwright/test";
import { afterAll, expect, it } from "vitest";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../chromium";
import { createDatabase, dropDatabases, signUp, startServer } from "./server-process";

afterAll(dropDatabases);

/**
 * The payer on one app process, the requester's open Home on another, one PostgreSQL: the
 * claim reaches the requester within 2 s through NOTIFY (docs/decisions/016-close-the-loop.md).
 */
it("a claim made on one process shows on the requester's Home served by another, within 2 s", async () => {
  const database = await createDatabase();
  const [a, b] = [
    await startServer({ DATABASE_URL: database.url }),
    await startServer({ DATABASE_URL: database.url }),
  ];
  const requester = await signUp(a.base);
  const created = await requester.call("POST", "/api/payment-requests", {
    recipientName: "Alex Payer",
    recipientPhone: "2125550101",
    amount: "9.00",
  });
  const { request } = (await created.json()) as { request: { shortUrl: string } };
  const code = request.shortUrl.split("/").pop();

  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const home = await (await browser.newContext()).newPage();
    await home.context().addCookies(
      requester.cookie.split("; ").map((pair) => {
        const [name = "", value = ""] = pair.split(/=(.*)/s);
        return { name, value, url: a.base };
      }),
    );
    const stream = home.waitForResponse((r) => r.url().endsWith("/api/events") && r.status() === 200);
    await home.goto(a.base);
    await home.getByText("Alex Payer").waitFor();
    await stream;

    const payer = await (await browser.newContext()).newPage();
    await payer.goto(`${b.base}/pay/${code}`);
    await payer.getByText("I've paid").click();
    await payer.getByRole("radio", { name: "Venmo" }).check();
    await payer.getByRole("button", { name: "Let Resilient know" }).click();
    await payer.getByText("Thanks — we've let Resilient know.").waitFor();
    const claimedAt = Date.now();
    await home.getByText("Alex Payer says paid with Venmo").waitFor({ timeout: 2_000 });
    expect(Date.now() - claimedAt).toBeLessThan(2_000);

    // Open event streams (the browser's and one more) do not hold up a graceful stop.
    const open = await fetch(`${a.base}/api/events`, {
      headers: { cookie: requester.cookie, accept: "text/event-stream" },
    });
    expect(open.status).toBe(200);
    const stopping = Date.now();
    a.child.kill("SIGTERM");
    expect(await a.exited).toBe(0);
    expect(Date.now() - stopping).toBeLessThan(5_000);
  } finally {
    await browser.close();
    a.child.kill("SIGTERM");
    b.child.kill("SIGTERM");
    await Promise.all([a.exited, b.exited]);
  }
});
