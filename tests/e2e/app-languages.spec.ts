import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { animationsSettled, apiCall, expect, signedInTest as test, toast, translated } from "./fixtures";

const html = (page: Page) => page.locator("html");
const languageSelect = (page: Page) => page.locator("select[name=language]");
const save = (page: Page, label: string) => page.getByRole("button", { name: label }).click();

/** Nothing on the page is wider than the window: the innermost elements past an edge, if any. */
async function fits(page: Page, width = 320) {
  const wide = await page.evaluate(
    (edge) =>
      [...document.querySelectorAll("body *")]
        .filter((node) => {
          const out = (element: Element) => {
            const box = element.getBoundingClientRect();
            return box.width > 0 && (box.right > edge + 0.5 || box.left < -0.5);
          };
          // The innermost: an element past the edge none of whose children is.
          return out(node) && ![...node.children].some(out);
        })
        .map(
          (node) =>
            `${node.tagName.toLowerCase()}.${String(node.className).slice(0, 60)}: ${node.textContent?.slice(0, 40)}`,
        )
        .slice(0, 5),
    width,
  );
  expect(wide, `${page.url()} at ${width}`).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test.use({ viewport: { width: 320, height: 740 } });

test("the app speaks the account's language: Spanish from Profile, Arabic right to left at 320 px after a reload, then the browser's English again", async ({
  page,
}) => {
  await page.goto("/profile");
  await expect(html(page)).toHaveAttribute("lang", "en");
  await languageSelect(page).selectOption("es");
  await save(page, "Update Profile");
  await expect(html(page)).toHaveAttribute("lang", "es");
  await expect(html(page)).toHaveAttribute("dir", "ltr");
  // The screens' words come from the Spanish catalog.
  await expect(page.getByRole("button", { name: translated("es", "Update Profile") })).toBeVisible();
  await page.goto("/request");
  await expect(page.getByLabel(translated("es", "Mobile Phone"))).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${translated("es", "Request Payment")}`));

  await page.goto("/profile");
  await languageSelect(page).selectOption("ar");
  await save(page, translated("es", "Update Profile"));
  await expect(html(page)).toHaveAttribute("dir", "rtl");
  // Kept by the account, not the tab: a reload speaks Arabic too.
  await page.reload();
  await expect(html(page)).toHaveAttribute("lang", "ar");
  await expect(html(page)).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("button", { name: translated("ar", "Update Profile") })).toBeVisible();
  for (const screen of ["/", "/request", "/contacts", "/split", "/recurring", "/profile"]) {
    await page.goto(screen);
    await expect(page.locator("main h1").first()).toBeVisible();
    await fits(page);
  }
  // The request form right to left: its labels start on the right, and axe finds nothing.
  await page.goto("/request");
  const label = await page.getByText(translated("ar", "Mobile Phone"), { exact: true }).first().boundingBox();
  const field = await page.getByLabel(translated("ar", "Mobile Phone")).boundingBox();
  expect(label && field && label.x + label.width).toBeGreaterThan((field?.x ?? 0) + (field?.width ?? 0) / 2);
  await animationsSettled(page);
  const { violations } = await new AxeBuilder({ page }).include("main").analyze();
  expect(violations.map((v) => v.id)).toEqual([]);

  await page.goto("/profile");
  await languageSelect(page).selectOption("");
  await save(page, translated("ar", "Update Profile"));
  await expect(html(page)).toHaveAttribute("lang", "en");
  await expect(html(page)).toHaveAttribute("dir", "ltr");
  await expect(page.getByRole("button", { name: "Update Profile" })).toBeVisible();
});

test("a validation message in the account's language, the spec's English one for an English account", async ({
  page,
}) => {
  await page.goto("/request");
  await page.getByRole("button", { name: "Send Request" }).click();
  await expect(toast(page, "Name Required")).toBeVisible();

  await page.goto("/profile");
  await languageSelect(page).selectOption("de");
  await save(page, "Update Profile");
  await expect(html(page)).toHaveAttribute("lang", "de");
  await page.goto("/request");
  await page.getByRole("button", { name: translated("de", "Send Request") }).click();
  await expect(toast(page, translated("de", "Name Required"))).toBeVisible();
  await expect(
    page
      .getByText(translated("de", "Please enter the name of the person you're requesting payment from."))
      .first(),
  ).toBeVisible();
});

// Every screen of the signed-in app and a pay page, in every language, on the narrowest phone and
// on a desktop: nothing scrolls sideways, and axe finds nothing on the phone. One test per language, so the
// six spread over the workers (English's screens: accessibility.spec.ts, phone and desktop, light and dark).
const SCREENS = [
  "/",
  "/request",
  "/split",
  "/contacts",
  "/recurring",
  "/archive",
  "/payment-methods",
  "/profile",
  // A balance with two requests: Request all and Record a payment, in each language's words.
  "/balance?phone=2125550101",
];
for (const locale of ["es", "pt-BR", "fr", "de", "hi", "ar"] as const) {
  test(`every screen in ${locale} at 320 px and 1280 px: no sideways scroll; axe clean at 320 px`, async ({
    page,
  }) => {
    // Eighteen pages, nine read by axe.
    test.setTimeout(180_000);
    const profile = { profileName: "Robin Example", firstName: null, lastName: null, language: locale };
    await apiCall(page, "PUT", "/api/auth/profile", profile);
    const { request } = await apiCall(page, "POST", "/api/payment-requests", {
      recipientName: "Alex Morgan",
      recipientPhone: "2125550101",
      amount: "1250.50",
      description: "Concert tickets",
    });
    await apiCall(page, "POST", "/api/payment-requests", {
      recipientName: "Alex Morgan",
      recipientPhone: "2125550101",
      amount: "80",
      description: "Dinner",
    });
    // Profile → Developer with a token listed (its scopes and dates in each language's words).
    await apiCall(page, "POST", "/api/tokens", {
      name: "Spreadsheet sync",
      scopes: ["requests:read", "contacts:read"],
    });
    const pay = `${new URL(request.shortUrl).pathname}?lang=${locale}`;
    for (const width of [320, 1280]) {
      await page.setViewportSize({ width, height: width === 320 ? 740 : 900 });
      for (const screen of [...SCREENS, pay]) {
        await page.goto(screen);
        await expect(page.locator("html")).toHaveAttribute("lang", locale);
        await expect(page.locator("main h1").first()).toBeVisible();
        await fits(page, width);
        // axe reads each page once, on the phone: the desktop layout is the same markup wider.
        if (width !== 320) continue;
        await animationsSettled(page);
        const { violations } = await new AxeBuilder({ page }).include("main").analyze();
        expect(
          violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
          `${screen} at ${width}`,
        ).toEqual([]);
      }
    }
  });
}
