import type { Browser, BrowserContext } from "@playwright/test";
import { expect, PASSWORD, test, toast, uniqueEmail } from "./fixtures";
import { linkIn, mailTo } from "./mail";

let devices = 0;
/** Another browser (its own cookies and client IP), signed in as `email` through the API. */
async function anotherDevice(browser: Browser, baseURL: string, email: string, password = PASSWORD) {
  devices += 1;
  const context = await browser.newContext({
    baseURL,
    userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0",
    extraHTTPHeaders: { "x-forwarded-for": `198.19.7.${devices % 250}` },
  });
  const signIn = await context.request.post("/api/identity/sign-in/email", {
    headers: { origin: baseURL },
    data: { email, password },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  return context;
}

async function isSignedIn(context: BrowserContext): Promise<boolean> {
  return (await context.request.get("/api/auth/user")).status() === 200;
}

test("resets a forgotten password from the emailed link; the old session is refused", async ({
  page,
  browser,
  baseURL,
  readyUser,
}) => {
  const url = baseURL as string;
  const fresh = await browser.newContext({
    baseURL: url,
    extraHTTPHeaders: { "x-forwarded-for": "198.19.8.1" },
  });
  const visitor = await fresh.newPage();
  await visitor.goto("/sign-in?mode=sign-in");
  await visitor.getByRole("link", { name: "Forgot password?" }).click();
  await expect(visitor.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await visitor.getByLabel("Email").fill(readyUser.email);
  await visitor.getByRole("button", { name: "Send me a link" }).click();
  // The offline banner's live region is a status too, empty while online.
  await expect(visitor.getByRole("status").filter({ hasText: "a link is on its way" })).toBeVisible();

  const mail = await mailTo(readyUser.email, /Reset your Collect password/);
  await visitor.goto(linkIn(mail, `${url}/reset-password?token=`));
  await expect(visitor.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await visitor.getByLabel("New password").fill("a fresh new password");
  await visitor.getByRole("button", { name: "Save and sign in" }).click();
  await expect(visitor.getByRole("heading", { name: "Ready to collect?" })).toBeVisible();

  // The browser that was signed in before the reset is signed out.
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/sign-in/);
  expect(await isSignedIn(page.context())).toBe(false);
  // The link worked once, and says so as it opens again.
  await visitor.goto(linkIn(mail, `${url}/reset-password?token=`));
  await expect(visitor.getByRole("alert")).toContainText("expired or was already used");
  await fresh.close();
});

test("changes the password in Profile → Security; other devices are signed out", async ({
  page,
  browser,
  baseURL,
  readyUser,
}) => {
  const laptop = await anotherDevice(browser, baseURL as string, readyUser.email);
  await page.goto("/profile");
  await page.getByLabel("Current password").fill(PASSWORD);
  await page.getByLabel("New password").fill("my changed password");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(toast(page, "Password changed")).toBeVisible();
  expect(await isSignedIn(laptop)).toBe(false);
  expect(await isSignedIn(page.context())).toBe(true);
  await laptop.close();
  await anotherDevice(browser, baseURL as string, readyUser.email, "my changed password").then((c) =>
    c.close(),
  );
});

test("signs out another device from the sessions list", async ({ page, browser, baseURL, readyUser }) => {
  const laptop = await anotherDevice(browser, baseURL as string, readyUser.email);
  await page.goto("/profile");
  const list = page.getByRole("region", { name: "Where you're signed in" });
  await expect(list.getByText("This device")).toBeVisible();
  await list.getByRole("button", { name: /^Sign out Firefox on Windows/ }).click();
  await expect(toast(page, "Signed out")).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  expect(await isSignedIn(laptop)).toBe(false);
  expect(await isSignedIn(page.context())).toBe(true);
  await laptop.close();
});

test("deletes the account; its pay link then says the request was withdrawn", async ({
  page,
  baseURL,
  readyUser,
}) => {
  const created = await page.request.post("/api/payment-requests", {
    headers: { origin: baseURL as string },
    data: { recipientName: "Sam Lee", recipientPhone: "2125550111", amount: "12.00", description: "Lunch" },
  });
  expect(created.status()).toBe(201);
  const payPath = new URL((await created.json()).request.shortUrl).pathname;
  await page.goto(payPath);
  await expect(page.getByText("$12.00").first()).toBeVisible();

  await page.goto("/profile");
  await page.getByRole("button", { name: "Delete account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await dialog.getByLabel("Your password").fill("wrong password");
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(dialog.getByRole("alert")).toContainText("That password is not right.");
  await dialog.getByLabel("Your password").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByRole("link", { name: "Get Started" })).toBeVisible();

  await page.goto(payPath);
  // Not "Payment Not Found": the payer learns the request was withdrawn and nothing is owed.
  await expect(page.getByRole("heading", { name: "This request was withdrawn" })).toBeVisible();
  await expect(page.getByText("Nothing is owed, so there is nothing to pay.")).toBeVisible();
  const signIn = await page.request.post("/api/identity/sign-in/email", {
    headers: { origin: baseURL as string },
    data: { email: readyUser.email, password: PASSWORD },
  });
  expect(signIn.status()).toBe(401);
});

test("signs up, adds a passkey, signs out and signs in with the passkey", async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const email = uniqueEmail("passkey");
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.getByLabel("Profile Name").fill("Pat Key");
  await page.getByRole("checkbox", { name: "Venmo" }).click();
  await page.getByLabel("Venmo handle").fill("@pat-key");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("heading", { name: "Ready to collect?" })).toBeVisible();

  await page.goto("/profile");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(toast(page, "Passkey added")).toBeVisible();
  const passkeys = page.getByRole("region", { name: "Passkeys" });
  await expect(passkeys.getByRole("listitem")).toHaveCount(1);

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("link", { name: "Get Started" })).toBeVisible();
  await page.goto("/sign-in");
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page.getByRole("heading", { name: "Ready to collect?" })).toBeVisible();

  // Removing it asks first: one tap on the small bin icon took a way to sign in away.
  await page.goto("/profile");
  await passkeys.getByRole("button", { name: /^Remove passkey / }).click();
  const ask = page.getByRole("dialog", { name: /^Remove the passkey / });
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(passkeys.getByRole("listitem")).toHaveCount(1);
  await passkeys.getByRole("button", { name: /^Remove passkey / }).click();
  await ask.getByRole("button", { name: "Remove" }).click();
  await expect(toast(page, "Passkey removed")).toBeVisible();
  await expect(passkeys.getByRole("listitem")).toHaveCount(0);
});
