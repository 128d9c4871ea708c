import { devices } from "@playwright/test";
import { captureSms, expect, signedInTest, smsFollowed, test, toast } from "./fixtures";

// A desktop: Chrome on Windows, mouse only, no touch.
const { defaultBrowserType: _browser, ...desktop } = devices["Desktop Chrome"];
test.use({ ...desktop, hasTouch: false, isMobile: false });

signedInTest(
  "desktop: creating a request shows the share panel and never follows sms:",
  async ({ page, baseURL }) => {
    // Any sms: link followed by the app is recorded (and stopped, as Windows would show an error).
    await captureSms(page);
    await page.clock.install();
    await page.goto("/request");
    expect(await page.evaluate(() => navigator.maxTouchPoints)).toBe(0);
    await page.getByLabel("Name", { exact: true }).fill("Sam Lee");
    await page.getByLabel("Mobile Phone").fill("2125550123");
    await page.getByLabel("Amount").fill("40");
    await page.getByLabel("Description").fill("Sam’s birthday gift");
    await expect(page.getByTestId("message-preview")).toHaveText(
      `Hi Sam, Robin Example is requesting $40.00 for Sam's birthday gift. Pay here: ${baseURL}/pay/…(your link)`,
    );
    await page.getByRole("button", { name: "Send Request" }).click();

    const created = toast(page, "Payment Request Created");
    await expect(created).toContainText("Your payment request has been created.");
    await expect(created).not.toContainText("SMS");
    await expect(page.getByRole("heading", { name: "Request ready to share" })).toBeVisible();
    await expect(page.getByLabel("Payment link")).toHaveValue(/\/pay\/[\w-]{10}$/);
    await expect(page.getByRole("img", { name: "QR code for the payment link" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Copy link" })).toBeVisible();
    // Still here once the phone's 2-second return home is due (the page's clock is moved on, not
    // waited for), and no sms: was followed.
    await page.clock.runFor(2_500);
    await expect(page).toHaveURL(/\/request$/);
    expect(await smsFollowed(page)).toEqual([]);
  },
);
