import { expect, signedInTest } from "./fixtures";

/**
 * Closing the loop (docs/decisions/016-close-the-loop.md): the payer's "I've paid" reaches the
 * requester's open Home live, and a bill splits into exact shares.
 */

signedInTest(
  "the payer taps I've paid with Venmo; the requester's open Home shows it within 2 s, no reload",
  async ({ page, browser, baseURL }) => {
    const created = await page.request.post("/api/payment-requests", {
      headers: { origin: baseURL as string },
      data: {
        recipientName: "Alex Payer",
        recipientPhone: "2125550123",
        amount: "18.50",
        description: "Tacos",
      },
    });
    expect(created.status()).toBe(201);
    const { request } = await created.json();
    // The requester's tab has its event stream open before the payer acts.
    const stream = page.waitForResponse((r) => r.url().endsWith("/api/events") && r.status() === 200);
    await page.goto("/");
    await expect(page.getByText("Alex Payer")).toBeVisible();
    await stream;

    const payerContext = await browser.newContext();
    const payer = await payerContext.newPage();
    try {
      await payer.goto(new URL(request.shortUrl).pathname);
      await payer.getByText("I've paid").click();
      await payer.getByRole("radio", { name: "Venmo" }).check();
      await payer.getByLabel("Note (optional)").fill("Sent from my phone");
      await payer.getByRole("button", { name: "Let Robin know" }).click();
      await expect(payer.getByText("Thanks — we've let Robin know.")).toBeVisible();
      const claimedAt = Date.now();

      await expect(page.getByText("Alex Payer says paid with Venmo · just now")).toBeVisible({
        timeout: 2_000,
      });
      expect(Date.now() - claimedAt).toBeLessThan(2_000);
      await expect(page.getByText("“Sent from my phone”")).toBeVisible();
      await expect(page.getByRole("button", { name: "Mark Paid" })).toBeVisible();
      await expect(page).toHaveTitle("(1) Home · Collect");
      // The status is still the requester's to set.
      await expect(page.getByText("pending", { exact: true })).toBeVisible();
    } finally {
      await payerContext.close();
    }
  },
);

signedInTest(
  "the count of new claims stays in the title from screen to screen until a list is seen",
  async ({ page, browser, baseURL }) => {
    const origin = baseURL as string;
    const created = await page.request.post("/api/payment-requests", {
      headers: { origin },
      data: {
        recipientName: "Sam Payer",
        recipientPhone: "2125550124",
        amount: "12.00",
        description: "Taxi",
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { request } = await created.json();
    const stream = page.waitForResponse((r) => r.url().endsWith("/api/events") && r.status() === 200);
    await page.goto("/contacts");
    await stream;

    const payerContext = await browser.newContext();
    try {
      const code = new URL(request.shortUrl).pathname.split("/").pop() as string;
      const claimed = await payerContext.request.post(`/api/payment-screen/${code}/claim`, {
        headers: { origin },
        data: { via: "venmo", note: null },
      });
      expect(claimed.ok()).toBe(true);
    } finally {
      await payerContext.close();
    }
    await expect(page).toHaveTitle("(1) Contacts · Collect");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Methods" }).click();
    await expect(page).toHaveTitle("(1) Payment Methods · Collect");
    // Archive lists the request: the claim is seen, the count goes.
    await nav.getByRole("link", { name: "Archive" }).click();
    await expect(page.getByText("Sam Payer says paid with Venmo · just now")).toBeVisible();
    await expect(page).toHaveTitle("Archive · Collect");
  },
);

async function splitBill(page: import("@playwright/test").Page, includeMe: boolean) {
  await page.goto("/request");
  await page.getByRole("link", { name: "Split a bill" }).click();
  await expect(page).toHaveURL(/\/split$/);
  await page.getByRole("textbox", { name: "Total" }).fill("100");
  await page.getByRole("textbox", { name: "Description" }).fill("Dinner");
  await page.getByRole("button", { name: "Add person" }).click();
  const people = [
    ["Ana Ruiz", "2125550101"],
    ["Bo Chen", "2125550102"],
    ["Cy Okafor", "2125550103"],
  ];
  for (const [index, [name, phone]] of people.entries()) {
    await page.getByLabel(`Name ${index + 1}`, { exact: true }).fill(name as string);
    await page.getByLabel(`Phone ${index + 1}`, { exact: true }).fill(phone as string);
  }
  if (includeMe) await page.getByLabel(/Include me/).check();
  await page.getByRole("button", { name: "Create requests" }).click();
  await expect(page).toHaveURL(/\/split\?id=/);
}

signedInTest(
  "a split of $100.00 among 3 without me: $33.34, $33.33, $33.33 in the group view",
  async ({ page }) => {
    await splitBill(page, false);
    const shares = page.locator("[data-share]");
    await expect(shares).toHaveCount(3);
    await expect(shares.nth(0)).toContainText("Ana Ruiz$33.34");
    await expect(shares.nth(1)).toContainText("Bo Chen$33.33");
    await expect(shares.nth(2)).toContainText("Cy Okafor$33.33");
    await expect(page.getByText("0 of 3 paid · $100.00 outstanding")).toBeVisible();
    const text = page.getByRole("link", { name: "Text Ana Ruiz" });
    await expect(text).toHaveAttribute(
      "href",
      /^sms:\+12125550101\?&body=Hi%20Ana%2C%20Robin%20Example%20is%20requesting%20%2433\.34/,
    );
  },
);

signedInTest("a split of $100.00 among 3 including me: three requests of $25.00", async ({ page }) => {
  await splitBill(page, true);
  const shares = page.locator("[data-share]");
  await expect(shares).toHaveCount(3);
  for (let i = 0; i < 3; i++) await expect(shares.nth(i)).toContainText("$25.00");
  await expect(page.getByText("0 of 3 paid · $75.00 outstanding")).toBeVisible();
  const groupUrl = page.url();
  // On Home the split is one entry that opens to its three people, each with their actions.
  await page.goto("/");
  const entry = page.getByRole("button", { name: /Dinner/ });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText("$100.00");
  await expect(entry).toContainText("0 of 3 paid · $75.00 outstanding");
  await expect(entry).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByText("Ana Ruiz")).toHaveCount(0);
  await entry.focus();
  await page.keyboard.press("Enter");
  await expect(entry).toHaveAttribute("aria-expanded", "true");
  const people = page.locator("[data-split-entry] li");
  await expect(people).toHaveCount(3);
  for (const name of ["Ana Ruiz", "Bo Chen", "Cy Okafor"]) await expect(people.getByText(name)).toBeVisible();
  await expect(people.getByRole("button", { name: "Mark Paid" })).toHaveCount(3);
  // Marking one paid updates the entry's count; each share still leads to its group.
  await people.getByRole("button", { name: "Mark Paid" }).first().click();
  await expect(entry).toContainText("1 of 3 paid · $50.00 outstanding");
  await page.getByRole("link", { name: "Part of a split · View group" }).first().click();
  await expect(page).toHaveURL(groupUrl);
  await expect(page.locator("[data-share]")).toHaveCount(3);
});
