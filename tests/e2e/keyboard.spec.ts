import { captureSms, expect, signedInTest } from "./fixtures";

/** Tabs until the focused element matches, failing after a bounded number of presses. */
async function tabTo(
  page: import("@playwright/test").Page,
  matches: (el: { text: string; label: string }) => boolean,
) {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      const id = el?.id;
      const label = id ? (document.querySelector(`label[for="${id}"]`)?.textContent ?? "") : "";
      return { text: (el?.textContent || el?.getAttribute("aria-label") || "").trim(), label: label.trim() };
    });
    if (matches(focused)) return;
  }
  throw new Error("focus target not reached by Tab");
}

signedInTest("create → pay page → mark paid, by keyboard alone", async ({ page, baseURL, browser }) => {
  await captureSms(page);
  await page.goto("/");
  await tabTo(page, (f) => f.text === "Request Payment");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/request$/);
  await tabTo(page, (f) => f.label === "Name");
  await page.keyboard.type("Kim Key");
  await page.keyboard.press("Tab");
  await page.keyboard.type("2125550101");
  await page.keyboard.press("Tab");
  await page.keyboard.type("12.34");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Payment Request Created").first()).toBeVisible();

  await page.goto("/archive");
  const payHref = await page.getByRole("link", { name: "View Payment Page" }).first().getAttribute("href");
  // The payer, by keyboard too: reach the first payment button.
  const payer = await (await browser.newContext()).newPage();
  await payer.goto(`${baseURL}${payHref}`);
  await tabTo(payer, (f) => f.text.startsWith("Pay with"));
  await expect(payer.locator(":focus")).toHaveText("Pay with Venmo");

  await page.goto("/archive");
  await tabTo(page, (f) => f.text === "Mark as Paid");
  await page.keyboard.press("Enter");
  // The app's confirm opens on its safe choice; one Tab reaches the action.
  const confirm = page.getByRole("dialog", { name: "Mark this payment request as paid?" });
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(confirm.getByRole("button", { name: "Mark as Paid" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Payment Updated").first()).toBeVisible();
  await expect(page.getByText("paid", { exact: true })).toBeVisible();
});
