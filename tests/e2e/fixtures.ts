import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";
import { BASE } from "../../playwright.config";

export const PASSWORD = "correct horse battery";

export function uniqueEmail(prefix = "e2e"): string {
  return `${prefix}-${randomBytes(4).toString("hex")}@example.com`;
}

/**
 * A message's translation, read from its catalog (`src/shared/i18n/catalogs/<locale>.po`): the
 * words the app shows a reader of that language. Throws for a message missing or untranslated.
 */
export function translated(locale: string, english: string): string {
  const po = readFileSync(path.join("src/shared/i18n/catalogs", `${locale}.po`), "utf8");
  const entry = `\nmsgid ${JSON.stringify(english)}\nmsgstr `;
  const at = po.indexOf(entry);
  if (at < 0) throw new Error(`${english} is not in ${locale}.po`);
  const text = JSON.parse(po.slice(at + entry.length).split("\n")[0] as string) as string;
  if (!text) throw new Error(`${english} is not translated in ${locale}.po`);
  return text;
}

/** A toast by its title (one shows at a time; docs/decisions/013). */
export function toast(page: Page, title: string) {
  return page.locator("[role=status], [role=alert]").filter({ hasText: title }).first();
}

/** The ready user's payment accounts: one of each provider. */
export const ALL_ACCOUNTS = [
  { provider: "venmo", accountHandle: "@robin-example" },
  { provider: "paypal", accountHandle: "robinex" },
  { provider: "cashapp", accountHandle: "$robinex" },
  { provider: "zelle", accountHandle: "robin@example.com" },
  { provider: "googlepay", accountHandle: "2125550107" },
];

/**
 * A setup call as the app makes it (same origin, the page's session); the test stops here with
 * the server's answer unless it succeeded. Returns the parsed JSON body.
 */
export async function apiCall(
  client: Page | APIRequestContext,
  method: "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  data?: unknown,
  // biome-ignore lint/suspicious/noExplicitAny: each caller reads the fields it set up
): Promise<any> {
  const request = "request" in client ? client.request : client;
  const response = await request.fetch(url, { method, headers: { origin: BASE }, data });
  expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.headers()["content-type"]?.includes("json") ? response.json() : undefined;
}

/** The signed-in user's Profile → Notifications settings, as the API answers them. */
export async function notificationSettings(page: Page) {
  const response = await page.request.get("/api/notifications/settings");
  expect(response.status()).toBe(200);
  return response.json();
}

/** A new account as the sign-in page makes one: sign-up (which starts no session), then sign-in. */
export async function signUpAndIn(client: Page | APIRequestContext, email: string): Promise<void> {
  await apiCall(client, "POST", "/api/identity/sign-up/email", { email, password: PASSWORD, name: "" });
  await apiCall(client, "POST", "/api/identity/sign-in/email", { email, password: PASSWORD });
}

type Fixtures = {
  /** A signed-in user who finished setup with all five accounts, made through the API (no UI). */
  readyUser: { email: string; profileName: string };
};

let tests = 0;

export const test = base.extend<Fixtures>({
  // Each test is its own client (see TRUST_PROXY in playwright.config.ts).
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    tests += 1;
    const ip = `198.18.${testInfo.workerIndex % 250}.${tests % 250}`;
    await use({ ...extraHTTPHeaders, "x-forwarded-for": ip });
  },
  // Through the context's request client, which shares the pages' cookies.
  readyUser: async ({ context }, use) => {
    const email = uniqueEmail();
    const profileName = "Robin Example";
    await signUpAndIn(context.request, email);
    await apiCall(context.request, "POST", "/api/auth/setup", {
      profileName,
      paymentAccounts: [{ provider: "venmo", accountHandle: "@robin-example" }],
    });
    await apiCall(context.request, "POST", "/api/payment-accounts", { accounts: ALL_ACCOUNTS });
    await use({ email, profileName });
  },
});

/**
 * `test` whose `page` is signed in as a fresh ready user, for tests that need the session but
 * not the user's details (those take the `readyUser` fixture itself).
 */
export const signedInTest = test.extend({
  // Depending on readyUser is the point: it signs the page's context in before the test runs.
  page: async ({ page, readyUser: _signedIn }, use) => {
    await use(page);
  },
});

/** Answers a confirm dialog: presses `action` in the dialog that asks `question`. */
export function confirmIn(page: Page, question: string, action: string): Promise<void> {
  return page.getByRole("dialog", { name: question }).getByRole("button", { name: action }).click();
}

/**
 * Stops the app's `sms:` links (there is no message composer here) and records each one
 * followed; read them with `smsFollowed`.
 */
export async function captureSms(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __sms: string[] }).__sms = seen;
    document.addEventListener(
      "click",
      (event) => {
        const link = (event.target as Element | null)?.closest?.('a[href^="sms:"]');
        if (link) {
          seen.push((link as HTMLAnchorElement).href);
          event.preventDefault();
        }
      },
      true,
    );
  });
}

/** The `sms:` links followed so far on the page (after `captureSms`). */
export function smsFollowed(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __sms: string[] }).__sms);
}

/**
 * Waits until no CSS transition or animation runs: a colour mid-transition (a toast fading in, a
 * card after the colour scheme changed) has contrast axe would rightly fail.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
}

export { expect };

/**
 * axe finds nothing at WCAG 2.1 AA on the page as it stands (or in `include`, a selector, when
 * one section is what the test is about), and nothing scrolls sideways.
 */
export async function expectAccessible(page: Page, what: string, { include }: { include?: string } = {}) {
  // What the screen is waiting for has arrived (its skeletons are gone) before it is scanned.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // A toast still sliding in is half transparent: its contrast is read once it has landed.
  await animationsSettled(page);
  const builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  const results = await (include ? builder.include(include) : builder).analyze();
  const violations = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(violations, `axe on ${what}`).toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `sideways scroll on ${what}`).toBeLessThanOrEqual(0);
}
