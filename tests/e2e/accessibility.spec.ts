import AxeBuilder from "@axe-core/playwright";
import { devices, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const SIGNED_OUT = ["/", "/sign-in", "/forgot-password", "/reset-password?token=x", "/no/such/page"];
const SIGNED_IN = ["/", "/request", "/contacts", "/archive", "/payment-methods", "/profile", "/photo"];

async function checkPage(page: Page, path: string) {
  await page.goto(path);
  // The intended screen, rendered, before it is scanned: every screen has exactly one h1.
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  const violations = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(violations, `axe on ${path}`).toEqual([]);
  // No horizontal scroll (checked at 320 px by the caller's viewport).
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `horizontal scroll on ${path}`).toBeLessThanOrEqual(0);
}

async function withSample(page: Page, baseURL: string): Promise<string> {
  const origin = { origin: baseURL };
  await page.request.post("/api/payees", { headers: origin, data: { name: "Sam Lee", phone: "2125550101" } });
  const created = await page.request.post("/api/payment-requests", {
    headers: origin,
    data: {
      recipientName: "Sam Lee",
      recipientPhone: "2125550101",
      amount: "25.50",
      description: "Pizza night",
    },
  });
  return new URL((await created.json()).request.shortUrl).pathname;
}

/** A device's viewport and touch settings, without its browser type (that would need a new worker). */
const { defaultBrowserType: _phoneBrowser, ...phone } = devices["Pixel 7"];
const { defaultBrowserType: _desktopBrowser, ...desktop } = devices["Desktop Chrome"];

for (const [name, device] of [
  ["phone 320 px", { ...phone, viewport: { width: 320, height: 640 } }],
  ["desktop", desktop],
] as const) {
  for (const scheme of ["light", "dark"] as const) {
    test.describe(`${name}, ${scheme}`, () => {
      test.use({ ...device, colorScheme: scheme });

      test("every signed-out screen passes axe with no horizontal scroll", async ({ page }) => {
        for (const path of SIGNED_OUT) await checkPage(page, path);
        await checkPage(page, "/pay/unknown1234");
      });

      test("every signed-in screen and the pay page pass axe with no horizontal scroll", async ({
        page,
        baseURL,
        readyUser,
      }) => {
        expect(readyUser.email).toBeTruthy();
        const payPath = await withSample(page, baseURL as string);
        for (const path of SIGNED_IN) await checkPage(page, path);
        await page.context().clearCookies();
        await checkPage(page, payPath);
      });
    });
  }
}

test("setup screen passes axe", async ({ page, baseURL }) => {
  const signUp = await page.request.post("/api/identity/sign-up/email", {
    headers: { origin: baseURL as string },
    data: { email: `a11y-${Date.now()}@example.com`, password: "correct horse battery", name: "" },
  });
  expect(signUp.ok()).toBe(true);
  await checkPage(page, "/setup");
});

test("pay page tap targets are at least 44 px", async ({ page, baseURL, readyUser }) => {
  expect(readyUser.email).toBeTruthy();
  const payPath = await withSample(page, baseURL as string);
  await page.context().clearCookies();
  await page.goto(payPath);
  const targets = page.locator("main a, main button, section a");
  const count = await targets.count();
  expect(count).toBeGreaterThan(5);
  for (let i = 0; i < count; i++) {
    const box = await targets.nth(i).boundingBox();
    const label = await targets.nth(i).textContent();
    expect(box?.height ?? 0, `height of "${label}"`).toBeGreaterThanOrEqual(44);
  }
});
