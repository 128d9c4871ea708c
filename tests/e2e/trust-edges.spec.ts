import type { Locator, Page } from "@playwright/test";
import { apiCall, expect, PASSWORD, signedInTest, signUpAndIn, test, toast, uniqueEmail } from "./fixtures";
import { linkIn, mailTo } from "./mail";

// Issue 23's account and navigation edges, each as a phone user meets it. Each test has its own user.

const IPHONE_13 = { width: 390, height: 844 };
/** What Safari leaves of an iPhone 13's screen with its toolbars shown. */
const IPHONE_13_SAFARI = { width: 390, height: 664 };

async function height(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  expect(box, "the target is on screen").not.toBeNull();
  return box?.height ?? 0;
}

/** Records whether `text` is ever in the page, from the first byte on. */
async function watchFor(page: Page, text: string): Promise<void> {
  await page.addInitScript((wanted) => {
    const state = window as unknown as { __seen: boolean };
    state.__seen = false;
    new MutationObserver(() => {
      if (document.body?.textContent?.includes(wanted)) state.__seen = true;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, text);
}

signedInTest("a wrong current password reads as a sentence, without the field's name", async ({ page }) => {
  await page.goto("/profile");
  await page.getByLabel("Current password").fill("not my password at all");
  await page.getByLabel("New password").fill("my changed password");
  await page.getByRole("button", { name: "Change password" }).click();
  const shown = toast(page, "Password not changed");
  await expect(shown).toContainText("That is not your current password.");
  await expect(shown).not.toContainText("currentPassword");
});

signedInTest("Logout says you're signed out", async ({ page }) => {
  await page.goto("/profile");
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("link", { name: "Get Started" })).toBeVisible();
  await expect(toast(page, "You're signed out")).toBeVisible();
});

signedInTest("deleting the account says it is deleted", async ({ page }) => {
  await page.goto("/profile");
  await page.getByRole("button", { name: "Delete account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await dialog.getByLabel("Your password").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByRole("link", { name: "Get Started" })).toBeVisible();
  await expect(toast(page, "Your account is deleted")).toBeVisible();
});

test("a confirmed email says so, even in a browser that is signed out", async ({ page }) => {
  await page.goto("/?email-verified=1");
  await expect(toast(page, "Email confirmed")).toBeVisible();
  // Said once: the address no longer carries it.
  await expect(page).toHaveURL(/\/$/);
});

test("a reset link says it is used as it opens, and a new password says you're signed in", async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail("reset");
  await signUpAndIn(page.request, email);
  await apiCall(page.request, "POST", "/api/auth/setup", {
    profileName: "Robin Example",
    paymentAccounts: [{ provider: "venmo", accountHandle: "@robin-example" }],
  });
  await page.context().clearCookies();
  await apiCall(page.request, "POST", "/api/identity/request-password-reset", {
    email,
    redirectTo: "/reset-password",
  });
  const link = linkIn(await mailTo(email, /Reset your Collect password/), `${baseURL}/reset-password?token=`);
  await page.goto(link);
  await page.getByLabel("New password").fill("a fresh new password");
  await page.getByRole("button", { name: "Save and sign in" }).click();
  await expect(page.getByRole("heading", { name: "Ready to collect?" })).toBeVisible();
  await expect(toast(page, "Password changed — you're signed in")).toBeVisible();

  // The same link again: refused on arrival, nothing to type, a way to a new one.
  await page.goto(link);
  await expect(page.getByRole("alert")).toContainText("expired or was already used");
  await expect(page.getByLabel("New password")).toHaveCount(0);
  await page.getByRole("link", { name: "Send a new link" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
});

signedInTest(
  "the email banner is compact on an iPhone 13 and can be put away for the session",
  async ({ page }) => {
    await page.setViewportSize(IPHONE_13_SAFARI);
    await page.goto("/request");
    const banner = page.getByText("Please confirm your email");
    await expect(banner).toBeVisible();
    // One line with its buttons, not a block, and the Amount is in view without scrolling.
    expect(await height(banner.locator("xpath=.."))).toBeLessThanOrEqual(64);
    await expect(page.getByLabel("Amount")).toBeInViewport({ ratio: 1 });
    await page.getByRole("button", { name: "Dismiss", exact: true }).click();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await expect(page.getByLabel("Amount")).toBeVisible();
    await expect(banner).toHaveCount(0);
  },
);

test("setup's back arrow asks before signing out, and keeps what was typed", async ({ page }) => {
  await signUpAndIn(page, uniqueEmail("setup"));
  await page.goto("/setup");
  await page.getByLabel("Profile Name").fill("Alex Morgan");
  await page
    .getByRole("link", { name: "Back" })
    .or(page.getByRole("button", { name: "Back" }))
    .click();
  const question = page.getByRole("dialog", { name: "Sign out? Your setup isn't saved." });
  await expect(question).toBeVisible();
  await question.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.getByLabel("Profile Name")).toHaveValue("Alex Morgan");

  await page.getByRole("button", { name: "Back" }).click();
  await question.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("link", { name: "Get Started" })).toBeVisible();
  await expect(toast(page, "You're signed out")).toBeVisible();
});

signedInTest("on a slow network a signed-in user never sees the marketing page", async ({ page }) => {
  await watchFor(page, "It's time to");
  await page.route("**/api/auth/user", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto("/");
  await expect(page.getByRole("status", { name: "Loading Collect" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Ready to collect?" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __seen: boolean }).__seen)).toBe(false);
});

test("sign-in's links are full-size targets; a passkey is offered on sign-in only", async ({ page }) => {
  await page.goto("/sign-in");
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Use a passkey" })).toHaveCount(0);
  await page.getByRole("link", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Use a passkey" })).toBeVisible();
  expect(await height(page.getByRole("link", { name: "Forgot password?" }))).toBeGreaterThanOrEqual(44);
  expect(await height(page.getByRole("link", { name: "Create an account" }))).toBeGreaterThanOrEqual(44);
});

signedInTest("Home's See all is a full-size target; today's card shows the time", async ({ page }) => {
  await apiCall(page, "POST", "/api/payment-requests", {
    recipientName: "Sam Lee",
    recipientPhone: "2125550111",
    amount: "12.00",
    description: "Lunch",
  });
  await page.goto("/");
  expect(await height(page.getByRole("link", { name: "See all" }))).toBeGreaterThanOrEqual(44);
  await expect(page.getByText(/^Today, \d{1,2}:\d{2}\s?[AP]M$/).first()).toBeVisible();
});

signedInTest("Archive's search placeholder fits at 390 px", async ({ page }) => {
  await apiCall(page, "POST", "/api/payment-requests", {
    recipientName: "Sam Lee",
    recipientPhone: "2125550111",
    amount: "12.00",
    description: "Lunch",
  });
  await page.setViewportSize(IPHONE_13);
  await page.goto("/archive");
  const search = page.getByRole("searchbox", { name: "Search" });
  await expect(search).toBeVisible();
  const fits = await search.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement("canvas").getContext("2d") as CanvasRenderingContext2D;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room =
      input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    // 24 px to spare: the clear (×) button a search field shows, and the iPhone's wider system font.
    return context.measureText(input.placeholder).width + 24 <= room;
  });
  expect(fits).toBe(true);
});

test("an iPhone session shows a phone in Profile → Security", async ({ browser, baseURL }) => {
  const iphone = await browser.newContext({
    baseURL,
    viewport: IPHONE_13,
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    extraHTTPHeaders: { "x-forwarded-for": "198.19.23.22" },
  });
  const page = await iphone.newPage();
  await signUpAndIn(page, uniqueEmail("iphone"));
  await apiCall(page, "POST", "/api/auth/setup", {
    profileName: "Robin Example",
    paymentAccounts: [{ provider: "venmo", accountHandle: "@robin-example" }],
  });
  await page.goto("/profile");
  const row = page.getByRole("region", { name: "Where you're signed in" }).getByRole("listitem").first();
  await expect(row).toContainText("This device");
  await expect(row.locator("svg.lucide-smartphone")).toHaveCount(1);
  await expect(row.locator("svg.lucide-laptop")).toHaveCount(0);
  await iphone.close();
});

/**
 * Every visible button and link on the page shorter than 44 px, by name. A checkbox's target is
 * its label; the skip link shows only once focused.
 */
async function smallTargets(page: import("@playwright/test").Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("button, a[href]")]
      .filter((el) => el.checkVisibility() && !el.classList.contains("sr-only"))
      .map((el) => {
        const label = el.closest("label") ?? (el.id ? document.querySelector(`label[for="${el.id}"]`) : null);
        return { el, box: (label ?? el).getBoundingClientRect() };
      })
      .filter(({ box }) => box.height > 0 && box.height < 44)
      .map(
        ({ el, box }) =>
          `${el.getAttribute("aria-label") ?? el.textContent?.trim()} (${Math.round(box.height)} px)`,
      ),
  );
}

test("on a phone every button and link is a 44 px target: Home, Contacts, Profile, a toast, landing, sign-in", async ({
  page,
  readyUser,
  playwright,
  browser,
  baseURL,
}) => {
  await page.setViewportSize(IPHONE_13);
  await apiCall(page, "POST", "/api/payees", { name: "Alex Kim", phone: "2125550144" });
  await apiCall(page, "POST", "/api/payment-requests", {
    recipientName: "Sam Lee",
    recipientPhone: "2125550111",
    amount: "12.00",
  });
  const found: Record<string, string[]> = {};
  for (const [path, ready] of [
    ["/", "Sam Lee"],
    ["/contacts", "Alex Kim"],
    ["/profile", "Tell me when"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByText(ready).first()).toBeVisible();
    found[path] = await smallTargets(page);
  }
  await page.goto("/contacts");
  await page.getByRole("button", { name: "Add contact" }).click();
  await page.getByLabel("Name").fill("Zoë Park");
  await page.getByLabel("Mobile Phone").fill("2125550145");
  await page.getByRole("button", { name: "Save contact" }).click();
  await expect(page.getByRole("button", { name: "Dismiss notification" })).toBeVisible();
  found.toast = await smallTargets(page);
  // Signed in on another device too: Profile lists it with its Sign out.
  const other = await playwright.request.newContext({ baseURL });
  await apiCall(other, "POST", "/api/identity/sign-in/email", { email: readyUser.email, password: PASSWORD });
  await page.goto("/profile");
  await expect(page.getByRole("button", { name: /^Sign out / }).first()).toBeVisible();
  found.sessions = await smallTargets(page);
  // Which row is this phone reads whole at 320 px, however long the browser's name (cut off before).
  await page.setViewportSize({ width: 320, height: 640 });
  const badge = page.getByText("This device", { exact: true });
  expect(await badge.evaluate((el) => el.getBoundingClientRect().width >= el.scrollWidth)).toBe(true);
  expect(await badge.evaluate((el) => el.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
  await other.dispose();
  // Signed out: the landing page and sign-in.
  const signedOut = await browser.newPage({ viewport: IPHONE_13 });
  await signedOut.goto(`${baseURL}/`);
  await expect(signedOut.getByRole("heading").first()).toBeVisible();
  found.landing = await smallTargets(signedOut);
  await signedOut.goto(`${baseURL}/sign-in`);
  await expect(signedOut.getByRole("button", { name: "Show" })).toBeVisible();
  found.signIn = await smallTargets(signedOut);
  await signedOut.close();
  expect(found).toEqual({
    "/": [],
    "/contacts": [],
    "/profile": [],
    toast: [],
    sessions: [],
    landing: [],
    signIn: [],
  });
});
