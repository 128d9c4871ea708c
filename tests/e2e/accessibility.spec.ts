import AxeBuilder from "@axe-core/playwright";
import { devices, type Page } from "@playwright/test";
import { apiCall, expect, PASSWORD, signedInTest, test, uniqueEmail } from "./fixtures";

/** Each screen with its h1, so a redirect or an error view is never what gets scanned. */
const SIGNED_OUT: [string, string | RegExp][] = [
  ["/", /It's time to collect/],
  // A fresh browser is a newcomer.
  ["/sign-in", "Create your account"],
  ["/forgot-password", "Forgot your password?"],
  ["/reset-password?token=x", "Choose a new password"],
  ["/no/such/page", "404 Page Not Found"],
  ["/pay/unknown1234", "Payment Not Found"],
];
const SIGNED_IN: [string, string | RegExp][] = [
  ["/", "Ready to collect?"],
  ["/request", "Request Payment"],
  ["/contacts", "Contacts"],
  ["/archive", "Archive"],
  ["/payment-methods", "Payment Methods"],
  ["/profile", "Profile"],
  ["/photo", "Upload Profile Photo"],
];

async function checkPage(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  // The intended screen, rendered, before it is scanned.
  await expect(page).toHaveURL(path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
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

/** A saved contact and a pending request, so the lists are not empty; returns the pay page's path. */
async function withSample(page: Page): Promise<string> {
  await apiCall(page, "POST", "/api/payees", { name: "Sam Lee", phone: "2125550101" });
  const { request } = await apiCall(page, "POST", "/api/payment-requests", {
    recipientName: "Sam Lee",
    recipientPhone: "2125550101",
    amount: "25.50",
    description: "Pizza night",
  });
  return new URL(request.shortUrl).pathname;
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
        for (const [path, heading] of SIGNED_OUT) await checkPage(page, path, heading);
      });

      signedInTest(
        "every signed-in screen and the pay page pass axe with no horizontal scroll",
        async ({ page }) => {
          // Every signed-in screen and the pay page, scanned one after another: 42–59 s on a quiet 2-core machine, so the
          // default 60 s leaves no room when the machine is shared.
          test.slow();
          const payPath = await withSample(page);
          for (const [path, heading] of SIGNED_IN) await checkPage(page, path, heading);
          await page.context().clearCookies();
          await checkPage(page, payPath, "$25.50");
        },
      );
    });
  }
}

test("setup screen passes axe", async ({ page }) => {
  await apiCall(page, "POST", "/api/identity/sign-up/email", {
    email: uniqueEmail("a11y"),
    password: PASSWORD,
    name: "",
  });
  await checkPage(page, "/setup", "Welcome to Collect");
});

signedInTest("pay page tap targets are at least 44 px", async ({ page }) => {
  const payPath = await withSample(page);
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
