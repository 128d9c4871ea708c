import { readFileSync } from "node:fs";
import { devices } from "@playwright/test";
import { captureSms, expect, signedInTest, smsFollowed, test, toast } from "./fixtures";

// A desktop: Chrome on Windows, mouse only, no touch; the page may read back what it copied.
const { defaultBrowserType: _browser, ...desktop } = devices["Desktop Chrome"];
test.use({
  ...desktop,
  hasTouch: false,
  isMobile: false,
  permissions: ["clipboard-read", "clipboard-write"],
});

signedInTest(
  "desktop: creating a request shows the share panel (copied link, QR code to download) and never follows sms:",
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
    const link = await page.getByLabel("Payment link").inputValue();
    // Still here once the phone's 2-second return home is due (the page's clock is moved on, not
    // waited for).
    await page.clock.runFor(2_500);
    await expect(page).toHaveURL(/\/request$/);

    // Copy link puts the payment link itself on the clipboard.
    await page.getByRole("button", { name: "Copy link" }).click();
    await expect(toast(page, "Link copied")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // The QR code is of that link, drawn here, and downloads as a PNG file.
    const qr = page.getByRole("img", { name: "QR code for the payment link" });
    await expect(qr).toBeVisible();
    await expect(qr).toHaveAttribute("data-qr-url", link);
    await expect(qr).toHaveAttribute("src", /^data:image\/png;base64,/);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download QR code" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.png$/);
    const png = readFileSync((await download.path()) as string);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(`data:image/png;base64,${png.toString("base64")}`).toBe(await qr.getAttribute("src"));

    // A text message stays possible, as a link the person chooses; none was followed.
    await expect(page.getByRole("link", { name: "Open text message" })).toHaveAttribute(
      "href",
      /^sms:\+12125550123\?&body=/,
    );
    expect(await smsFollowed(page)).toEqual([]);
  },
);
