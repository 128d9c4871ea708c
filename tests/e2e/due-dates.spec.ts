import AxeBuilder from "@axe-core/playwright";
import { animationsSettled, apiCall, expect, signedInTest } from "./fixtures";

/** A calendar date `days` after today in `timeZone`, as YYYY-MM-DD. */
function dateAfter(days: number, timeZone: string): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date());
  const at = new Date(`${today}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

function words(date: string, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat("en-US", { timeZone: "UTC", ...options }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

// Issue 22 item 2: a due date is on the card ("Due Fri, Dec 4") and on the pay page ("Due
// Friday, December 4"). The form's control is being rewritten, so the request is made through the API.
signedInTest(
  "a due date shows on the card and on the pay page, axe clean in light and dark",
  async ({ page }) => {
    // Ten days ahead in the requester's zone (New York, the fallback) and on this device alike.
    const dueDate = dateAfter(10, "America/New_York");
    const sameYear = dueDate.slice(0, 4) === dateAfter(0, "UTC").slice(0, 4);
    const year = sameYear ? {} : { year: "numeric" as const };
    const { request } = await apiCall(page, "POST", "/api/payment-requests", {
      recipientName: "Alex Kim",
      recipientPhone: "2125550101",
      amount: "25.00",
      description: "Lunch",
      dueDate,
      reminderDays: [1, 3],
    });
    expect(request.dueDate).toBe(dueDate);

    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto("/");
    const card = page.locator(`[data-request-id="${request.id}"]`);
    await expect(card.getByTestId("chase-line")).toHaveText(
      `Due ${words(dueDate, { weekday: "short", month: "short", day: "numeric", ...year })}`,
    );
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      // The card's colours change with a transition: axe scans what the eye ends up seeing.
      await animationsSettled(page);
      const { violations } = await new AxeBuilder({ page })
        .include(`[data-request-id="${request.id}"]`)
        .analyze();
      expect(
        violations.map((v) => v.id),
        `axe on the card (${scheme})`,
      ).toEqual([]);
    }

    // Its own schedule, changed from the card (issue 22 item 3): the four tools still fit at 320 px.
    await card.getByRole("button", { name: "Due date and reminders" }).click();
    const dialog = page.getByRole("dialog", { name: "Due date and reminders" });
    await expect(dialog.getByLabel("Reminder 1, days")).toHaveValue("1");
    await expect(dialog.getByLabel("Reminder 2, days")).toHaveValue("3");
    const inDialog = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    expect(inDialog.violations.map((v) => v.id)).toEqual([]);
    await dialog.getByLabel("Reminder 2, days").fill("");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Reminders saved")).toBeVisible();
    const listed = await page.request.get("/api/payment-requests?status=pending");
    const rows = (await listed.json()) as { id: string; reminderDays: number[] | null }[];
    expect(rows.find((r) => r.id === request.id)?.reminderDays).toEqual([1]);
    const homeOverflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(homeOverflow).toBeLessThanOrEqual(0);

    await page.goto(new URL(request.shortUrl).pathname);
    await expect(page.getByTestId("pay-due")).toHaveText(
      `Due ${words(dueDate, { weekday: "long", month: "long", day: "numeric", ...year })}`,
    );
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  },
);
