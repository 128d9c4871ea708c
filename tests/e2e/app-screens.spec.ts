import type { Page } from "@playwright/test";
import { apiCall, expect, expectAccessible, PASSWORD, signedInTest, test, toast } from "./fixtures";

const REQUEST = {
  recipientName: "Sam Lee",
  recipientPhone: "2125550101",
  amount: "25.50",
  description: "Pizza",
};

async function createRequest(page: Page, status?: "cancelled" | "paid") {
  const { request } = await apiCall(page, "POST", "/api/payment-requests", REQUEST);
  if (status) await apiCall(page, "PATCH", `/api/payment-requests/${request.id}/status`, { status });
  return request as { id: string; shortUrl: string };
}

signedInTest("typing a handle into an unticked provider ticks it, and Update saves it", async ({ page }) => {
  await apiCall(page, "POST", "/api/payment-accounts", {
    accounts: [{ provider: "venmo", accountHandle: "@robin-example" }],
  });
  await page.goto("/payment-methods");
  const zelle = page.getByRole("checkbox", { name: "Zelle" });
  await expect(zelle).not.toBeChecked();
  await page.getByLabel("Zelle handle").fill("robin@example.com");
  await expect(zelle).toBeChecked();
  await page.getByRole("button", { name: "Update", exact: true }).click();
  await expect(toast(page, "Payment Methods Updated")).toBeVisible();

  const accounts = await page.request.get("/api/payment-accounts");
  expect(accounts.status(), await accounts.text()).toBe(200);
  const saved = await accounts.json();
  expect(saved).toContainEqual(
    expect.objectContaining({ provider: "zelle", accountHandle: "robin@example.com" }),
  );

  // Unticking keeps the text but says it will go; Update then removes it.
  await page.reload();
  await page.getByRole("checkbox", { name: "Zelle" }).click();
  await expect(page.getByLabel("Zelle handle")).toHaveAccessibleDescription(
    /this handle is removed when you update/,
  );

  // The panel says truthfully which handles payers see.
  const panel = page.getByRole("complementary");
  await expect(panel).toContainText("For Zelle and Google Pay that is your email or phone number.");
  await expect(panel).not.toContainText("never your email or phone number");
});

test("a signed-out visit to /archive says 'Unauthorized', goes to sign-in and comes back", async ({
  page,
  readyUser,
}) => {
  await page.context().clearCookies();
  // The toast lives 500 ms before the page goes: note when it appeared, for after the redirect.
  await page.addInitScript(() => {
    new MutationObserver(() => {
      const shown = [...document.querySelectorAll("[role=alert]")].some((el) =>
        el.textContent?.includes("Unauthorized"),
      );
      if (shown && !sessionStorage.getItem("unauthorizedAt")) {
        sessionStorage.setItem("unauthorizedAt", String(Date.now()));
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto("/archive");
  await expect(page).toHaveURL(/\/sign-in\?returnTo=%2Farchive$/);
  const { shownAt, leftAt } = await page.evaluate(() => ({
    shownAt: Number(sessionStorage.getItem("unauthorizedAt")),
    leftAt: performance.timeOrigin,
  }));
  expect(shownAt).toBeGreaterThan(0);
  // The toast was on screen before the page left (the 500 ms delay itself is timed with a fake
  // clock in src/client/lib/unauthorized.test.tsx; a busy browser can paint the toast late).
  expect(leftAt).toBeGreaterThan(shownAt);
  await page.getByLabel("Email").fill(readyUser.email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/archive$/);
  await expect(page.getByRole("heading", { name: "Archive", level: 1 })).toBeVisible();
});

signedInTest("every screen has its own document title", async ({ page, baseURL }) => {
  const titles: Record<string, string> = {
    "/": "Home · Collect",
    "/request": "Request Payment · Collect",
    "/contacts": "Contacts · Collect",
    "/archive": "Archive · Collect",
    "/payment-methods": "Payment Methods · Collect",
    "/profile": "Profile · Collect",
    "/photo": "Upload Profile Photo · Collect",
    "/no/such/page": "404 Page Not Found · Collect",
  };
  for (const [path, title] of Object.entries(titles)) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(title);
  }
  await page.context().clearCookies();
  await page.goto("/");
  await expect(page).toHaveTitle("Collect: request money by text");
  await page.goto(`${baseURL}/sign-in`);
  await expect(page).toHaveTitle("Sign in · Collect");
});

signedInTest("the skip link is the first tab stop and moves focus to the main content", async ({ page }) => {
  for (const path of ["/payment-methods", "/profile"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.locator("main")).toBeFocused();
    // The next Tab goes into the page, past the navigation.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.closest("main") !== null)).toBe(true);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
  // The landing page too, past its header.
  await page.context().clearCookies();
  await page.goto("/");
  // Once the session check has answered (a neutral splash shows until then).
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();
});

signedInTest("a cancelled request has no View Payment Page", async ({ page }) => {
  await createRequest(page, "cancelled");
  const pending = await createRequest(page);
  await page.goto("/archive");
  await expect(page.getByText("cancelled", { exact: true })).toBeVisible();
  const links = page.getByRole("link", { name: "View Payment Page" });
  await expect(links).toHaveCount(1);
  await expect(links).toHaveAttribute("href", new URL(pending.shortUrl).pathname);
});

signedInTest(
  "deleting a contact goes through the app's dialog: Esc cancels, Tab stays inside, focus returns",
  async ({ page }) => {
    let nativeDialogs = 0;
    page.on("dialog", (dialog) => {
      nativeDialogs += 1;
      void dialog.dismiss();
    });
    await apiCall(page, "POST", "/api/payees", { name: "Alex Kim", phone: "2125550102" });
    await page.goto("/contacts");
    // The scan below is of the Contacts page with its dialog open, not of whatever rendered.
    await expect(page.getByRole("heading", { name: "Contacts", level: 1 })).toBeVisible();
    const trash = page.getByRole("button", { name: "Delete Alex Kim" });
    await trash.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Are you sure you want to delete Alex Kim?" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await expectAccessible(page, "Contacts with its delete dialog open");
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Shift+Tab");
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(trash).toBeFocused();
    await expect(page.getByText("Alex Kim")).toBeVisible();

    await trash.click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Contact Deleted")).toBeVisible();
    await expect(page.getByText("No Contacts Yet")).toBeVisible();
    expect(nativeDialogs).toBe(0);
  },
);

signedInTest("Mark as Paid in the Archive asks in the app's dialog", async ({ page }) => {
  let nativeDialogs = 0;
  page.on("dialog", (dialog) => {
    nativeDialogs += 1;
    void dialog.dismiss();
  });
  await createRequest(page);
  await page.goto("/archive");
  const markPaid = page.getByRole("button", { name: "Mark as Paid" });
  await markPaid.click();
  const dialog = page.getByRole("dialog", { name: "Mark this payment request as paid?" });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(markPaid).toBeFocused();
  await expect(page.getByText("pending", { exact: true })).toBeVisible();

  await markPaid.click();
  await dialog.getByRole("button", { name: "Mark as Paid" }).click();
  await expect(toast(page, "Payment Updated")).toBeVisible();
  await expect(page.getByText("paid", { exact: true })).toBeVisible();
  expect(nativeDialogs).toBe(0);
});

// Before: Profile was one long page on a phone, its Security section a long scroll away.
signedInTest("Profile's sections are one tap away on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/profile");
  const sections = page.getByRole("navigation", { name: "Profile sections" });
  await expect(sections.getByRole("link")).toHaveText([
    "Your details",
    "Notifications",
    "Security",
    "Developer",
  ]);
  await sections.getByRole("link", { name: "Security" }).click();
  await expect(page).toHaveURL(/\/profile#security$/);
  await expect(page.getByRole("heading", { name: "Security", level: 2 })).toBeInViewport();
});
