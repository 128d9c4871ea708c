import AxeBuilder from "@axe-core/playwright";
import { apiCall, expect, signedInTest } from "./fixtures";

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
      const { violations } = await new AxeBuilder({ page })
        .include(`[data-request-id="${request.id}"]`)
        .analyze();
      expect(
        violations.map((v) => v.id),
        `axe on the card (${scheme})`,
      ).toEqual([]);
    }

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
