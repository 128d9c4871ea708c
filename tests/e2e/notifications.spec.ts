import type { Page } from "@playwright/test";
import { expect, expectAccessible, notificationSettings, signedInTest as test } from "./fixtures";

/** Profile → Notifications (issue 22 item 1): switches, quiet hours, the daily summary, push. */

function section(page: Page) {
  return page.getByRole("heading", { name: "Notifications", level: 2 }).locator("xpath=../..");
}

function switchFor(page: Page, event: string, channel: "Email" | "Push") {
  return page.getByRole("group", { name: event }).getByRole("checkbox", { name: channel });
}

test("switches a notification setting and it stays after a reload; quiet hours and the summary hour too", async ({
  page,
}) => {
  await page.goto("/profile");
  await expect(section(page)).toBeVisible();
  // The defaults of issue 22: claims by email and push, views by push only.
  await expect(switchFor(page, "Someone says they paid", "Email")).toBeChecked();
  await expect(switchFor(page, "Someone opens your request", "Email")).not.toBeChecked();
  await expect(switchFor(page, "Someone opens your request", "Push")).toBeChecked();

  const saved = page.waitForResponse(
    (r) => r.url().endsWith("/api/notifications/settings") && r.request().method() === "PUT",
  );
  await switchFor(page, "Someone opens your request", "Email").click();
  expect((await saved).status()).toBe(200);
  await expect(switchFor(page, "Someone opens your request", "Email")).toBeChecked();

  await page.getByRole("combobox", { name: "Daily summary" }).selectOption({ label: "8:00 AM" });
  await expect.poll(async () => (await notificationSettings(page)).digestHour).toBe(8);

  await page.getByLabel("From", { exact: true }).fill("22:30");
  await page.getByLabel("Until", { exact: true }).fill("07:15");
  await page.getByLabel("Until", { exact: true }).blur();
  await expect
    .poll(async () => (await notificationSettings(page)).quietHours)
    .toEqual({ start: "22:30", end: "07:15" });

  await page.reload();
  await expect(switchFor(page, "Someone opens your request", "Email")).toBeChecked();
  await expect(switchFor(page, "Someone says they paid", "Email")).toBeChecked();
  await expect(page.getByRole("combobox", { name: "Daily summary" })).toHaveValue("8");
  await expect(page.getByLabel("From", { exact: true })).toHaveValue("22:30");
  await expect(page.getByLabel("Until", { exact: true })).toHaveValue("07:15");
  // The browser's zone was reported once signed in.
  const settings = await notificationSettings(page);
  expect(settings.timeZone).toBe(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone));
});

test("the switches work by keyboard", async ({ page }) => {
  await page.goto("/profile");
  const claimPush = switchFor(page, "Someone says they paid", "Push");
  await expect(claimPush).toBeChecked();
  await claimPush.focus();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith("/api/notifications/settings") && r.request().method() === "PUT",
  );
  await page.keyboard.press("Space");
  expect((await saved).status()).toBe(200);
  await expect(claimPush).not.toBeChecked();
  await page.keyboard.press("Tab");
  await expect(switchFor(page, "A reminder is due", "Email")).toBeFocused();
  const settings = await notificationSettings(page);
  expect(settings.channels.claim).toEqual({ email: true, push: false });
});

test("the Notifications section passes axe in light and dark, with no horizontal scroll at 320 px", async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 800 });
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto("/profile");
    await expect(switchFor(page, "Daily summary", "Email")).toBeVisible();
    await expectAccessible(page, `/profile (${scheme})`, { include: "main" });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `horizontal scroll (${scheme})`).toBeLessThanOrEqual(0);
  }
});
