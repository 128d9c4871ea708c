import type { Page } from "@playwright/test";
import { apiCall, expect, signedInTest, toast } from "./fixtures";

// Issue 23, item 24: on a phone the "Ready to collect?" hero filled the first screen, so the
// first request started below the fold. The spec's heading and button stay; they are compact.

const IPHONE_13 = { width: 390, height: 844 };

async function request(page: Page, recipientName: string, amount: string, phone: string) {
  const { request: made } = await apiCall(page, "POST", "/api/payment-requests", {
    recipientName,
    recipientPhone: phone,
    amount,
    description: "Dinner at the taco place",
  });
  return made as { id: string };
}

/** The top of the fixed tab bar: what is above it is on the first screen. */
async function foldOf(page: Page): Promise<number> {
  const viewport = page.viewportSize() as { height: number };
  const bar = await page.getByRole("navigation").last().boundingBox();
  return bar && bar.y > viewport.height / 2 ? bar.y : viewport.height;
}

signedInTest("at 390×844 the totals and the first requests are on the first screen", async ({ page }) => {
  await page.setViewportSize(IPHONE_13);
  await request(page, "Sam Lee", "42.50", "2125550101");
  await request(page, "Alex Kim", "18.00", "2125550102");
  await request(page, "Jordan Park", "7.25", "2125550103");
  await page.goto("/");
  // The spec's heading and its Request Payment button are still there.
  await expect(page.getByRole("heading", { level: 1, name: "Ready to collect?" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Request Payment" }).first()).toBeVisible();

  // Mark one paid so both totals have something in them.
  const recent = page.getByRole("region", { name: "Recent Requests" });
  await recent
    .getByRole("listitem")
    .filter({ hasText: "Jordan Park" })
    .getByRole("button", { name: "Mark Paid" })
    .click();
  await expect(toast(page, "Request marked as paid")).toBeVisible();

  const fold = await foldOf(page);
  const cards = recent.getByRole("listitem");
  await expect(cards).toHaveCount(3);
  const first = await cards.first().boundingBox();
  expect(first).not.toBeNull();
  // The first card whole (its amount, name and Mark Paid), and the second one begun.
  expect(
    (first?.y ?? 0) + (first?.height ?? 0),
    "the first request is whole above the fold",
  ).toBeLessThanOrEqual(fold);
  const second = await cards.nth(1).boundingBox();
  expect((second?.y ?? 0) + 40, "the second request starts above the fold").toBeLessThanOrEqual(fold);
  const totals = page.getByRole("region", { name: "Totals" });
  await expect(totals.getByRole("definition").filter({ hasText: "$60.50" })).toBeVisible();
  await expect(totals.getByRole("definition").filter({ hasText: "$7.25" })).toBeVisible();
  await expect(totals.getByText("Outstanding")).toBeVisible();
  await expect(totals.getByText("Collected")).toBeVisible();

  const totalsBox = await totals.boundingBox();
  expect(totalsBox).not.toBeNull();
  expect((totalsBox?.y ?? 0) + (totalsBox?.height ?? 0), "the totals end above the fold").toBeLessThanOrEqual(
    fold,
  );
});

signedInTest("at 320 px Home never scrolls sideways, with the longest values", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  const longName = "Maximiliana Alexandrina Bartholomew-Featherstonehaugh Wolfeschlegelsteinhausen";
  expect(longName.length).toBeLessThanOrEqual(80);
  const made = await request(page, longName, "1000000.00", "2125550104");
  await request(page, longName, "1000000.00", "2125550105");
  await request(page, longName, "999999.99", "2125550106");
  // One paid, so Collected holds a seven-figure sum too.
  await apiCall(page, "PATCH", `/api/payment-requests/${made.id}/status`, { status: "paid" });
  await page.goto("/");
  const totals = page.getByRole("region", { name: "Totals" });
  await expect(totals.getByText("$1,999,999.99")).toBeVisible();
  await expect(totals.getByText("$1,000,000.00")).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  // Each total stays inside its own tile.
  for (const tile of await totals.locator("dl > div").all()) {
    const fits = await tile.evaluate((el) => el.scrollWidth <= el.clientWidth);
    expect(fits).toBe(true);
  }
});
