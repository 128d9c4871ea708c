import { type BrowserContext, devices, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { apiCall, expect, expectAccessible, signedInTest, test, toast } from "./fixtures";

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

test.describe("the brand marks", () => {
  test.use({ ...iphone });

  signedInTest(
    "are drawn by the stylesheet on Venmo's, PayPal's and Cash App's buttons: the button's white, in high contrast its link colour",
    async ({ page, baseURL }) => {
      const payPath = await payPage(page, baseURL as string);
      await page.goto(payPath);
      for (const name of ["Pay with Venmo", "Pay with PayPal", "Pay with Cash App"]) {
        const mark = page.getByRole("link", { name }).locator(".brand-mark");
        const box = await mark.boundingBox();
        expect(box?.height, name).toBeGreaterThanOrEqual(20);
        // The mark's own pixels: some white (the mark), some the brand's colour (around it).
        const { data, info } = await sharp(await mark.screenshot())
          .removeAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true });
        let white = 0;
        for (let i = 0; i < data.length; i += info.channels) {
          if ((data[i] ?? 0) > 230 && (data[i + 1] ?? 0) > 230 && (data[i + 2] ?? 0) > 230) white++;
        }
        const share = white / (info.width * info.height);
        expect(share, name).toBeGreaterThan(0.1);
        expect(share, name).toBeLessThan(0.9);
      }
      // High contrast (light): the button is the system's white and the mark its link colour,
      // not white on white.
      await page.emulateMedia({ forcedColors: "active", colorScheme: "light" });
      for (const name of ["Pay with Venmo", "Pay with PayPal", "Pay with Cash App"]) {
        const mark = page.getByRole("link", { name }).locator(".brand-mark");
        const { data, info } = await sharp(await mark.screenshot())
          .removeAlpha()
          .greyscale()
          .raw()
          .toBuffer({ resolveWithObject: true });
        const dark = data.filter((v) => v < 128).length / (info.width * info.height);
        expect(dark, `${name} in high contrast`).toBeGreaterThan(0.1);
        expect(dark, `${name} in high contrast`).toBeLessThan(0.9);
      }
    },
  );
});

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

/** How many lines the first text in `scope` holding `text` spans, over that text alone. */
function linesOf(scope: Locator, text: string): Promise<number> {
  return scope.evaluate((root, wanted) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(wanted) ?? -1;
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + wanted.length);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    }
    throw new Error(`${wanted} not found`);
  }, text);
}

const overlaps = (a: { x: number; y: number; width: number; height: number } | null, b: typeof a) =>
  !!a && !!b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe("on a desktop, Venmo's toast (issue 23 item 17)", () => {
  test.use({ ...desktop });

  signedInTest(
    "stays until closed, covers no name, and keeps @alex-kim-2024 whole down to 320 px",
    async ({ page, baseURL }) => {
      await interceptInternet(page.context());
      await apiCall(page, "POST", "/api/payment-accounts", {
        accounts: [{ provider: "venmo", accountHandle: "@alex-kim-2024" }],
      });
      const payPath = await payPage(page, baseURL as string);
      // Every timer of the page's script is the test's to run.
      await page.clock.install();
      await page.goto(payPath);
      const venmoButton = page.getByRole("link", { name: "Pay with Venmo" });
      await venmoButton.click();
      const venmo = toast(page, "Open Venmo");
      await expect(venmo).toContainText("pay @alex-kim-2024 $25.50.");
      // Well past the 6 s it used to last: the link is still there to press.
      await page.clock.runFor(7_000);
      const link = venmo.getByRole("link", { name: "Open venmo.com" });
      await expect(link).toBeVisible();
      // Under its button, in the page's flow: the requester's name stays readable.
      const name = page.locator("[data-pay-request] p span").first();
      await expect(name).toHaveText("Robin Example");
      expect(overlaps(await name.boundingBox(), await venmo.boundingBox())).toBe(false);
      // Reached from the button by Tab: the link, then Close.
      await venmoButton.focus();
      await page.keyboard.press("Tab");
      await expect(link).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(venmo.getByRole("button", { name: "Close" })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(link).toHaveCount(0);
      await expect(venmoButton).toBeFocused();

      await venmoButton.click();
      await expect(link).toBeVisible();
      await venmo.getByRole("button", { name: "Close" }).click();
      await expect(link).toHaveCount(0);

      // The handle moves to a line of its own rather than break at its hyphens, at every width.
      for (let width = 320; width <= 420; width += 4) {
        await page.setViewportSize({ width, height: 800 });
        await venmoButton.click();
        await expect(link).toBeVisible();
        expect(await linesOf(venmo, "@alex-kim-2024"), `at ${width} px`).toBe(1);
        expect(overlaps(await name.boundingBox(), await venmo.boundingBox())).toBe(false);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
    },
  );
});

test.describe("a cancelled request's page at 320 px (issue 23 item 16)", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  signedInTest("says who cancelled it and that nothing is owed, and nothing else", async ({ page }) => {
    // A long first name too: it wraps instead of widening the page.
    await apiCall(page, "PUT", "/api/auth/profile", {
      profileName: "Bartholomewchristophersen Example",
      firstName: null,
      lastName: null,
    });
    const { request } = await apiCall(page, "POST", "/api/payment-requests", {
      recipientName: "Sam Lee",
      recipientPhone: "2125550101",
      amount: "25.50",
      description: "Pizza & drinks",
    });
    await apiCall(page, "PATCH", `/api/payment-requests/${request.id}/status`, { status: "cancelled" });
    await page.context().clearCookies();
    const beacons: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/payment-screen/")) beacons.push(r.url());
    });
    await page.goto(new URL(request.shortUrl).pathname);

    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Bartholomewchristophersen cancelled this request",
    );
    await expect(page.getByText("Nothing is owed, so there is nothing to pay.")).toBeVisible();
    await expect(page).toHaveTitle("Bartholomewchristophersen cancelled this request · Collect");
    for (const gone of ["$25.50", "Pizza", "Example", "Payment Not Found", "I've paid"]) {
      await expect(page.getByText(gone)).toHaveCount(0);
    }
    await expect(page.getByRole("link", { name: /Pay with/ })).toHaveCount(0);
    await expect(page.getByRole("button")).toHaveCount(0);
    await expect(page.locator("img")).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    // Not a view of a request (nothing to be viewed): the script sends no beacon.
    expect(beacons).toEqual([]);
    await expectAccessible(page, "a pay page with no method");
  });
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
