import type { Page } from "@playwright/test";
import { apiCall, expect, signedInTest, toast } from "./fixtures";

/**
 * A zone where it is now between 10:00 and 22:00, so a series started "today" there makes its
 * first request at once (9:00 has passed) whatever hour CI runs at. Etc/GMT-10 is UTC+10.
 */
const hoursAhead = (() => {
  const ahead = (14 - new Date().getUTCHours() + 24) % 24;
  return ahead > 14 ? ahead - 24 : ahead;
})();
const ZONE = hoursAhead === 0 ? "UTC" : `Etc/GMT${hoursAhead > 0 ? "-" : "+"}${Math.abs(hoursAhead)}`;
const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(new Date());
const month = () => new Intl.DateTimeFormat("en-US", { timeZone: ZONE, month: "long" }).format(new Date());

signedInTest.use({ viewport: { width: 390, height: 844 }, hasTouch: true, timezoneId: ZONE });

const TENANTS = [
  { recipientName: "Sam Lee", recipientPhone: "2125550101", amount: "1450" },
  { recipientName: "Kim Park", recipientPhone: "2125550102", amount: "1200" },
  { recipientName: "Lee Novak", recipientPhone: "2125550103", amount: "980" },
];

async function seriesList(page: Page) {
  return (await (await page.request.get("/api/recurring-requests")).json()) as {
    id: string;
    recipientName: string;
    madeCount: number;
  }[];
}

// A landlord's month: three monthly rents; one tenant pays part, one says they paid, one is marked
// paid. Before: the Recurring list never said whether this month was paid.
signedInTest(
  "a landlord's month: three rents, a part payment, a claim and a Mark Paid, each period's state on Recurring",
  async ({ page, browser, baseURL }) => {
    await apiCall(page, "PUT", "/api/notifications/time-zone", { timeZone: ZONE });
    for (const tenant of TENANTS) {
      await apiCall(page, "POST", "/api/recurring-requests", {
        ...tenant,
        description: "Rent",
        frequency: "monthly",
        startDate: today(),
      });
    }
    // The first month of each is made at once (9:00 has passed in ZONE).
    await expect
      .poll(async () => (await seriesList(page)).map((s) => s.madeCount), { timeout: 30_000 })
      .toEqual([1, 1, 1]);
    const requests = (await (await page.request.get("/api/payment-requests")).json()) as {
      id: string;
      recipientName: string;
      shortUrl: string;
    }[];
    const of = (name: string) => requests.find((r) => r.recipientName === name) as (typeof requests)[number];

    // Kim says they paid, from their own phone.
    const payer = await browser.newContext();
    try {
      const code = new URL(of("Kim Park").shortUrl).pathname.split("/").pop() as string;
      const claimed = await payer.request.post(`/api/payment-screen/${code}/claim`, {
        headers: { origin: baseURL as string },
        data: { via: "venmo", note: null },
      });
      expect(claimed.ok()).toBe(true);
    } finally {
      await payer.close();
    }

    // Sam pays $1,000 of $1,450; Lee is marked paid, both from Home.
    await page.goto("/");
    const sam = page.locator(`[data-request-id="${of("Sam Lee").id}"]`);
    await sam.getByRole("button", { name: "Part payment" }).click();
    const dialog = page.getByRole("dialog", { name: "Part payment" });
    await dialog.getByLabel("Amount paid").fill("1000");
    await dialog.getByRole("button", { name: "Record payment" }).click();
    await expect(toast(page, "Payment recorded")).toBeVisible();
    const lee = page.locator(`[data-request-id="${of("Lee Novak").id}"]`);
    await lee.getByRole("button", { name: "Mark Paid" }).click();
    await expect(lee.getByText("paid", { exact: true })).toBeVisible();

    await page.goto("/recurring");
    const row = (name: string) => page.getByRole("listitem", { name: new RegExp(`^${name},`) });
    const periods = (name: string) => row(name).getByRole("list", { name: "Latest requests" });
    await expect(periods("Sam Lee")).toHaveText(`${month()}: $450.00 left`);
    await expect(periods("Kim Park")).toHaveText(`${month()}: says paid`);
    await expect(periods("Lee Novak")).toHaveText(`${month()}: paid`);
    // Every field of the months to come can change: here the rent, due on each date, sent 5 days before.
    await row("Sam Lee").getByRole("button", { name: "Change future requests to Sam Lee" }).click();
    const change = page.getByRole("dialog", { name: "Change future requests to Sam Lee" });
    await change.getByLabel("Amount").fill("1500");
    await change
      .getByLabel("Due date", { exact: true })
      .selectOption({ label: "Due on each date: send 5 days before" });
    await change.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Saved")).toContainText("Future requests of this series follow the change.");
    await expect(row("Sam Lee")).toContainText("$1,500.00");
    await expect(row("Sam Lee")).toContainText(/Next due .+, sent .+ at 9:00/);
    // The same rent for a new tenant: Duplicate opens the form with all but the person.
    await row("Sam Lee").getByRole("button", { name: "Duplicate Sam Lee's series for someone else" }).click();
    const form = page.getByRole("dialog", { name: "New recurring request" });
    await expect(form.getByLabel("Amount")).toHaveValue("1500.00");
    await expect(form.getByLabel("Description")).toHaveValue("Rent");
    await expect(form.getByLabel("Due date", { exact: true })).toHaveValue("5");
    await expect(form.getByLabel("Name")).toHaveValue("");
    await form.getByLabel("Name").fill("Ana Ruiz");
    await form.getByLabel("Mobile phone").fill("2125550104");
    await form.getByRole("button", { name: "Start recurring request" }).click();
    await expect(toast(page, "Recurring request started")).toContainText("Ana Ruiz: $1,500.00");
    await expect(row("Ana Ruiz")).toContainText(/Next due .+, sent .+ at 9:00/);
    // A period opens its request on Home: its card scrolled to and focused (the query is then
    // dropped from the address, so a reload does not jump again).
    await periods("Sam Lee").getByRole("link").click();
    await expect(page.locator(`[data-request-id="${of("Sam Lee").id}"]`)).toBeFocused();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  },
);
