import { randomBytes } from "node:crypto";
import { test as base, expect, type Page } from "@playwright/test";

export const PASSWORD = "correct horse battery";

export function uniqueEmail(prefix = "e2e"): string {
  return `${prefix}-${randomBytes(4).toString("hex")}@example.com`;
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
  readyUser: async ({ page, baseURL }, use) => {
    const email = uniqueEmail();
    const headers = { origin: baseURL as string };
    const signUp = await page.request.post("/api/identity/sign-up/email", {
      headers,
      data: { email, password: PASSWORD, name: "" },
    });
    expect(signUp.status(), await signUp.text()).toBe(200);
    const profileName = "Robin Example";
    const setup = await page.request.post("/api/auth/setup", {
      headers,
      data: { profileName, paymentAccounts: [{ provider: "venmo", accountHandle: "@robin-example" }] },
    });
    expect(setup.status(), await setup.text()).toBe(200);
    const accounts = await page.request.post("/api/payment-accounts", {
      headers,
      data: { accounts: ALL_ACCOUNTS },
    });
    expect(accounts.status(), await accounts.text()).toBe(200);
    await use({ email, profileName });
  },
});

export { expect };
