import { type BrowserContext, devices, type Page } from "@playwright/test";
import { expect, signedInTest, test, toast } from "./fixtures";

/**
 * Each of the five pay options on a real /pay/{code} page, as a payer taps it on an iPhone, an
 * Android phone and a desktop. Every https request is answered here, so nothing reaches the
 * internet: the test sees the exact address each tap opens.
 */

const VENMO = "https://venmo.com/?txn=pay&recipients=robin-example&amount=25.50&note=Pizza%20%26%20drinks";
const PAYPAL = "https://paypal.me/robinex/25.50USD";
const CASHAPP = "https://cash.app/$robinex/25.50";
const ZELLE = "Send $25.50 to robin@example.com with Zelle in your bank's app.";
const GOOGLE_PAY =
  "Google Pay no longer sends money between people in the US (it stopped in June 2024), so there is no Google Pay link: pay $25.50 to 2125550107 another way.";

/** Device settings without the browser type, so every project runs in Debian's Chromium. */
const { defaultBrowserType: _iphoneBrowser, ...iphone } = devices["iPhone 13"];
const { defaultBrowserType: _androidBrowser, ...android } = devices["Pixel 7"];
const { defaultBrowserType: _desktopBrowser, ...desktop } = devices["Desktop Chrome"];

/** Answers every https request locally and records it (payment sites stay untouched). */
async function interceptInternet(context: BrowserContext): Promise<string[]> {
  const opened: string[] = [];
  await context.route(
    (url) => url.protocol === "https:",
    (route) => {
      opened.push(route.request().url());
      return route.fulfill({ contentType: "text/html", body: "<title>payment app</title>" });
    },
  );
  return opened;
}

/** A pending request from the ready user (all five accounts), then signed out like a payer. */
async function payPage(page: Page, baseURL: string): Promise<string> {
  const created = await page.request.post("/api/payment-requests", {
    headers: { origin: baseURL },
    data: {
      recipientName: "Sam Lee",
      recipientPhone: "2125550101",
      amount: "25.50",
      description: "Pizza & drinks",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.context().clearCookies();
  return new URL((await created.json()).request.shortUrl).pathname;
}

async function tapAndExpectOpened(page: Page, payPath: string, name: string, href: string) {
  await page.goto(payPath);
  await page.getByRole("link", { name }).click();
  await expect(page).toHaveURL(href);
}

async function expectCopies(page: Page, label: RegExp, value: string) {
  await page.getByRole("button", { name: label }).click();
  await expect(toast(page, "Copied")).toContainText(`${value} is on your clipboard.`);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(value);
}

/** Zelle and Google Pay: the instructions on the page, each value one tap from the clipboard. */
async function checkInlineOptions(page: Page, payPath: string) {
  await page.goto(payPath);
  const zelle = page.locator("[data-instructions=zelle]");
  await expect(zelle).toContainText(ZELLE);
  await page.getByRole("button", { name: "Pay with Zelle" }).click();
  await expect(toast(page, "Pay with Zelle")).toContainText(ZELLE);
  await expect(page).toHaveURL(new RegExp(`${payPath}$`));
  await expectCopies(page, /^Copy Zelle amount \$25\.50$/, "25.50");
  await expectCopies(page, /^Copy Zelle handle/, "robin@example.com");

  const googlePay = page.locator("[data-instructions=googlepay]");
  await expect(googlePay.getByRole("heading", { name: "Google Pay" })).toBeVisible();
  await expect(googlePay).toContainText(GOOGLE_PAY);
  // Nothing pretends to pay with Google Pay: no button, no link to its closed send service.
  await expect(page.getByRole("link", { name: /Google Pay/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Pay with Google Pay/ })).toHaveCount(0);
  await expect(page.locator('a[href*="google.com"]')).toHaveCount(0);
  await expectCopies(page, /^Copy Google Pay amount \$25\.50$/, "25.50");
  await expectCopies(page, /^Copy Google Pay handle/, "2125550107");
}

for (const [name, device] of [
  ["iPhone", iphone],
  ["Android", android],
] as const) {
  test.describe(`on an ${name} phone`, () => {
    test.use({ ...device, permissions: ["clipboard-read", "clipboard-write"] });

    signedInTest("each pay option opens its payment link or shows how to pay", async ({ page, baseURL }) => {
      const opened = await interceptInternet(page.context());
      const payPath = await payPage(page, baseURL as string);
      await tapAndExpectOpened(page, payPath, "Pay with Venmo", VENMO);
      await tapAndExpectOpened(page, payPath, "Pay with PayPal", PAYPAL);
      await tapAndExpectOpened(page, payPath, "Pay with Cash App", CASHAPP);
      await checkInlineOptions(page, payPath);
      expect(opened).toEqual([VENMO, PAYPAL, CASHAPP]);
    });
  });
}

test.describe("on a desktop", () => {
  test.use({ ...desktop, permissions: ["clipboard-read", "clipboard-write"] });

  signedInTest(
    "Venmo explains itself in a toast holding the same link; the rest as on a phone",
    async ({ page, baseURL }) => {
      const opened = await interceptInternet(page.context());
      const payPath = await payPage(page, baseURL as string);

      await page.goto(payPath);
      await page.getByRole("link", { name: "Pay with Venmo" }).click();
      const venmo = toast(page, "Open Venmo");
      await expect(venmo).toContainText("Open the Venmo app or venmo.com and pay @robin-example $25.50.");
      await expect(page).toHaveURL(new RegExp(`${payPath}$`));
      expect(opened).toEqual([]);
      await venmo.getByRole("link", { name: "Open venmo.com" }).click();
      await expect(page).toHaveURL(VENMO);

      await tapAndExpectOpened(page, payPath, "Pay with PayPal", PAYPAL);
      await tapAndExpectOpened(page, payPath, "Pay with Cash App", CASHAPP);
      await checkInlineOptions(page, payPath);
      expect(opened).toEqual([VENMO, PAYPAL, CASHAPP]);
    },
  );
});

signedInTest("the pay page follows the system's dark mode", async ({ browser, page, baseURL }) => {
  const payPath = await payPage(page, baseURL as string);
  const colours: Record<string, string[]> = {};
  for (const colorScheme of ["light", "dark"] as const) {
    const context = await browser.newContext({ colorScheme });
    const payer = await context.newPage();
    await payer.goto(`${baseURL}${payPath}`);
    colours[colorScheme] = await payer.evaluate(() => [
      getComputedStyle(document.documentElement).colorScheme,
      getComputedStyle(document.body).backgroundColor,
      getComputedStyle(document.querySelector("[data-pay-request]") as Element).backgroundColor,
    ]);
    await context.close();
  }
  const [scheme, lightBody, lightCard] = colours.light as string[];
  const [, darkBody, darkCard] = colours.dark as string[];
  expect(scheme).toBe("light dark");
  expect(darkBody).not.toBe(lightBody);
  expect(darkCard).not.toBe(lightCard);
  expect(lightCard).toBe("rgb(255, 255, 255)");
});
