import { devices } from "@playwright/test";
import { apiCall, expect, signedInTest, test } from "./fixtures";

/**
 * The README's pictures, taken from the running app: `SCREENSHOTS=1 npx playwright test
 * screenshots` writes docs/*.png. Skipped otherwise, so test runs never touch the repository.
 */
test.skip(!process.env.SCREENSHOTS, "set SCREENSHOTS=1 to refresh docs/*.png");

signedInTest("README screenshots", async ({ page, baseURL, browser }) => {
  let payPath = "";
  for (const [name, amount, description] of [
    ["Jordan Park", "64.20", "Groceries split"],
    ["Alex Kim", "120.00", "Concert tickets"],
    ["Sam Lee", "25.50", "Pizza night"],
  ]) {
    const { request } = await apiCall(page, "POST", "/api/payment-requests", {
      recipientName: name,
      recipientPhone: "2125550101",
      amount,
      description,
    });
    payPath = new URL(request.shortUrl).pathname;
  }
  await page.goto("/");
  await expect(page.getByText("Pizza night")).toBeVisible();
  await page.screenshot({ path: "docs/home.png" });

  const { defaultBrowserType: _b, ...phone } = devices["Pixel 7"];
  const payer = await browser.newContext({ ...phone, extraHTTPHeaders: { "x-forwarded-for": "198.19.1.1" } });
  const pay = await payer.newPage();
  await pay.goto(`${baseURL}${payPath}`);
  await pay.screenshot({ path: "docs/pay-page.png", fullPage: true });
  await payer.close();

  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/archive");
  await expect(page.getByText("Collected")).toBeVisible();
  await page.screenshot({ path: "docs/archive-dark.png" });
});
