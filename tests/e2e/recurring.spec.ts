import { confirmIn, expect, expectAccessible, signedInTest, toast } from "./fixtures";
import { confirmedTest } from "./mail";

/** A date `days` from today in the browser's zone, as "YYYY-MM-DD". */
function dateIn(days: number): string {
  const at = new Date(Date.now() + days * 86_400_000);
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, "0")}-${String(at.getDate()).padStart(2, "0")}`;
}

for (const scheme of ["light", "dark"] as const) {
  // Confirmed: the series emails its payer, which only a confirmed account may have Collect do.
  confirmedTest.describe(`Recurring, ${scheme}, 320 px`, () => {
    confirmedTest.use({ viewport: { width: 320, height: 720 }, colorScheme: scheme });

    confirmedTest("create a series from Home, pause it, resume it, and end it", async ({ page }) => {
      await page.goto("/");
      await page.getByRole("link", { name: "Recurring requests" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Recurring");
      await expect(page.getByText("No recurring requests yet")).toBeVisible();
      await expectAccessible(page, "empty Recurring");

      await page.getByRole("button", { name: "New recurring request" }).click();
      const dialog = page.getByRole("dialog", { name: "New recurring request" });
      // Sent empty: inline errors, the first bad field focused and described by its error.
      await dialog.getByRole("button", { name: "Start recurring request" }).click();
      const name = dialog.getByLabel("Name");
      await expect(name).toBeFocused();
      await expect(name).toHaveAttribute("aria-invalid", "true");
      await expect(name).toHaveAccessibleDescription(
        "Please enter the name of the person you're requesting payment from.",
      );
      await expectAccessible(page, "form with errors");

      await name.fill("Sam Lee");
      await dialog.getByLabel("Mobile phone").fill("(212) 555-0101");
      await dialog.getByLabel("Payer's email").fill("sam@example.com");
      await dialog.getByLabel("Amount").fill("$1,250");
      await dialog.getByLabel("Description").fill("Rent");
      await dialog.getByLabel("Repeat").selectOption("monthly");
      await dialog.getByLabel("Start date").fill(dateIn(3));
      await dialog.getByRole("radio", { name: "After a number of times" }).check();
      // Keyboard: the count field, then Enter submits.
      await dialog.getByRole("textbox", { name: "Number of times" }).fill("12");
      await dialog.getByRole("textbox", { name: "Number of times" }).press("Enter");
      await expect(toast(page, "Recurring request started")).toBeVisible();

      const item = page.getByRole("listitem", { name: "Sam Lee, $1,250.00" });
      await expect(item).toContainText(/Monthly on the \d+/);
      await expect(item).toContainText("12 times (0 made)");
      await expect(item).toContainText("Active");
      await expect(item).toContainText(/Next .* at 9:00/);
      await expectAccessible(page, "Recurring with a series");

      await item.getByRole("button", { name: "Pause Sam Lee" }).click();
      await expect(item).toContainText("Paused");
      await expect(item).toContainText("resuming skips missed dates");
      await item.getByRole("button", { name: "Resume Sam Lee" }).click();
      await expect(item).toContainText("Active");

      await item.getByRole("button", { name: "End Sam Lee" }).click();
      await confirmIn(page, "End the recurring request to Sam Lee?", "End series");
      await expect(item).toContainText("Ended · 0 made");
      await expect(item.getByRole("button")).toHaveCount(0);
    });
  });
}

signedInTest("Profile links to Recurring", async ({ page }) => {
  await page.goto("/profile");
  await page.getByRole("link", { name: "Recurring requests" }).click();
  await expect(page).toHaveURL("/recurring");
});

signedInTest(
  "Repeat this request on Request Payment opens a new series with what was typed",
  async ({ page }) => {
    await page.goto("/request");
    await page.getByLabel("Name", { exact: true }).fill("Sam Lee");
    await page.getByLabel("Mobile Phone").fill("2125550101");
    await page.getByLabel("Amount").fill("12,50");
    await page.getByLabel("Description").fill("Piano lessons");
    await page.getByRole("button", { name: "Repeat this request" }).click();
    await expect(page).toHaveURL("/recurring");
    const dialog = page.getByRole("dialog", { name: "New recurring request" });
    await expect(dialog.getByLabel("Name")).toHaveValue("Sam Lee");
    await expect(dialog.getByLabel("Amount")).toHaveValue("12,50");
    await expect(dialog.getByLabel("Description")).toHaveValue("Piano lessons");
    // A reload (or the phone dropping the tab) with the form open keeps what was typed (it was lost).
    await page.reload();
    await expect(dialog.getByLabel("Name")).toHaveValue("Sam Lee");
    await expect(dialog.getByLabel("Amount")).toHaveValue("12,50");
    // Back asks before throwing it away; Keep editing keeps it.
    await page.goBack();
    await dialog.getByRole("button", { name: "Keep editing" }).click();
    await expect(dialog.getByLabel("Description")).toHaveValue("Piano lessons");
    // What is typed in the form is kept too, the schedule with it (it was lost: only what Request
    // Payment handed over came back). Kept within a second of the last change: looked at every
    // 100 ms for 2 s (Playwright's default steps, 0.1–1 s apart, looked last at 0.97 s, 7 ms
    // before the write, and the next look fell past the 2 s: one CI run in many).
    await dialog.getByLabel("Description").fill("Piano lessons, Tuesdays");
    await dialog.getByLabel("Repeat").selectOption("weekly");
    await expect
      .poll(() => page.evaluate(() => window.history.state?.recurringDraft?.frequency), {
        timeout: 2_000,
        intervals: [100],
      })
      .toBe("weekly");
    await page.reload();
    await expect(dialog.getByLabel("Description")).toHaveValue("Piano lessons, Tuesdays");
    await expect(dialog.getByLabel("Repeat")).toHaveValue("weekly");
    await expect(dialog.getByLabel("Amount")).toHaveValue("12,50");
    await dialog.getByRole("button", { name: "Start recurring request" }).click();
    await expect(toast(page, "Recurring request started")).toContainText("Sam Lee: $12.50");
    await expect(page.getByRole("listitem").filter({ hasText: "Piano lessons" })).toContainText("$12.50");
    await expect(page.getByRole("listitem").filter({ hasText: "Piano lessons" })).toContainText("Tuesdays");
    // Made, the form opens empty next time; what is typed in it then outlasts a reload as well.
    await page.getByRole("button", { name: "New recurring request" }).click();
    await expect(dialog.getByLabel("Name")).toHaveValue("");
    await dialog.getByLabel("Name").fill("Kim Park");
    await page.reload();
    await expect(dialog.getByLabel("Name")).toHaveValue("Kim Park");
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toHaveCount(0);
    // Made: a reload, or Back to Request Payment and Forward again, does not open it a second time.
    await page.reload();
    await expect(page.getByRole("listitem").filter({ hasText: "Piano lessons" })).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await page.goBack();
    await expect(page).toHaveURL("/request");
    await page.goForward();
    await expect(page.getByRole("listitem").filter({ hasText: "Piano lessons" })).toBeVisible();
    await expect(dialog).toHaveCount(0);
  },
);
