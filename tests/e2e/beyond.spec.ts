import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { apiCall, confirmIn, expect, signedInTest, test, toast } from "./fixtures";

const REQUEST = {
  recipientName: "Sam Lee",
  recipientPhone: "2125550101",
  amount: "25.50",
  description: "Pizza",
};

/**
 * The answer to the pay page's view call (pay-script.ts posts it once the page's script runs);
 * the server has recorded the view, or declined to, before it answers.
 */
function viewAnswered(page: Page, payPath: string) {
  const url = `/api/payment-screen/${payPath.split("/").pop()}/view`;
  return page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === url);
}

signedInTest(
  "viewed: set by a signed-out visit, not by the requester nor by a no-JS fetch",
  async ({ page, baseURL, browser, playwright }) => {
    const { request } = await apiCall(page, "POST", "/api/payment-requests", REQUEST);
    const payPath = new URL(request.shortUrl).pathname;
    const viewed = page.getByText("Viewed", { exact: true });
    const viewedAt = async () => {
      const list = await page.request.get("/api/payment-requests");
      expect(list.status(), await list.text()).toBe(200);
      const listed = (await list.json()) as { id: string; viewedAt: string | null }[];
      const found = listed.find((r) => r.id === request.id);
      expect(found, "the request is listed").toBeDefined();
      return found?.viewedAt;
    };

    // The requester, with JavaScript: the page's script sends its view call, which does not count;
    // the page tells them whom it is for, and offers them no "I've paid" (issue 46).
    const ownView = viewAnswered(page, payPath);
    await page.goto(payPath);
    expect((await ownView).status()).toBe(200);
    await expect(
      page.getByText(`This is what ${REQUEST.recipientName} sees. Only you see this line.`),
    ).toBeVisible();
    await expect(page.getByText("I've paid")).toBeHidden();
    const bot = await playwright.request.newContext({
      extraHTTPHeaders: { "x-forwarded-for": "198.19.0.2" },
    });
    expect((await bot.get(`${baseURL}${payPath}`)).status()).toBe(200); // a link-preview bot
    await bot.dispose();
    // Both visits have had their answers: neither marked the request.
    expect(await viewedAt()).toBeNull();
    await page.goto("/");
    // The card (Home's Outstanding total above it shows the same amount).
    await expect(page.getByText("$25.50").last()).toBeVisible();
    await expect(viewed).toHaveCount(0);

    const visitor = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": "198.19.0.3" } });
    const visit = await visitor.newPage();
    const theirView = viewAnswered(visit, payPath);
    await visit.goto(`${baseURL}${payPath}`);
    expect((await theirView).status()).toBe(204);
    await expect(visit.getByText("I've paid")).toBeVisible();
    await expect(visit.getByText(/Only you see this line/)).toHaveCount(0);
    await visitor.close();
    expect(await viewedAt()).not.toBeNull();
    await page.reload();
    await expect(viewed).toBeVisible();
  },
);

signedInTest(
  "cancel a pending request: confirm first, then its link says it is cancelled and nothing is owed",
  async ({ page }) => {
    const { request } = await apiCall(page, "POST", "/api/payment-requests", REQUEST);
    const payPath = new URL(request.shortUrl).pathname;
    await page.goto("/");
    await page.getByRole("button", { name: "Cancel request" }).click();
    await confirmIn(
      page,
      "Cancel this payment request? Its link will then say nothing is owed.",
      "Cancel request",
    );
    await expect(toast(page, "Request cancelled")).toBeVisible();
    await expect(page.getByText("cancelled", { exact: true })).toBeVisible();
    await page.context().clearCookies();
    await page.goto(payPath);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Robin cancelled this request");
    await expect(page.getByText("Nothing is owed, so there is nothing to pay.")).toBeVisible();
  },
);

signedInTest("archive: search, filter, totals and a CSV export that parses", async ({ page }) => {
  const make = async (recipientName: string, amount: string, description: string) =>
    (await apiCall(page, "POST", "/api/payment-requests", { ...REQUEST, recipientName, amount, description }))
      .request;
  const paid = await make("Alex Kim", "100.00", "Concert");
  await make("=SUM(A1)", "10.25", 'Lunch, with "quotes"');
  await make("Jo Park", "5.00", "Coffee");
  await apiCall(page, "PATCH", `/api/payment-requests/${paid.id}/status`, { status: "paid" });

  await page.goto("/archive");
  await expect(page.getByText("Collected")).toBeVisible();
  await expect(page.getByText("$100.00").first()).toBeVisible();
  await expect(page.getByText("$15.25")).toBeVisible(); // outstanding: 10.25 + 5.00
  await page.getByLabel("Search").fill("coff");
  await expect(page.getByText("Jo Park")).toBeVisible();
  await expect(page.getByText("Alex Kim")).toHaveCount(0);
  await page.getByLabel("Search").fill("nothing like this");
  await expect(page.getByText("No requests match your search.")).toBeVisible();
  await page.getByLabel("Search").fill("");
  await page.getByLabel("Status").selectOption("paid");
  await expect(page.getByText("Alex Kim")).toBeVisible();
  await expect(page.getByText("Jo Park")).toHaveCount(0);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  const csv = readFileSync((await download.path()) as string, "utf8");
  const lines = csv.trimEnd().split("\r\n");
  // A byte-order mark first, so Excel reads the UTF-8 (issue 23: "Zoë O’Brien 🎉").
  expect(lines[0]).toBe(
    "\uFEFFCreated,Recipient,Phone,Amount,Currency,Status,Description,Link,Viewed,Last reminded,Paid on,Says paid,Says paid via,Paid in part,Left",
  );
  expect(lines).toHaveLength(4);
  expect(csv).toContain(`'=SUM(A1),(212) 555-0101,10.25,USD,pending,"Lunch, with ""quotes"""`);
});

test("installable: manifest, icons and theme colour", async ({ page }) => {
  await page.goto("/");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  const served = await page.request.get(href as string);
  expect(served.status(), href as string).toBe(200);
  const manifest = await served.json();
  expect(manifest).toMatchObject({ name: "Collect", start_url: "/", display: "standalone" });
  for (const icon of manifest.icons as { src: string }[]) {
    expect((await page.request.get(icon.src)).status(), icon.src).toBe(200);
  }
  await expect(page.locator('meta[name="theme-color"]').first()).toHaveAttribute("content", /^#/);
});
