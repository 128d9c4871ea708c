import { expect, signedInTest, toast } from "./fixtures";

/*
 * Lists a page at a time (docs/decisions/015-keyset-pagination.md): 55 requests are more than
 * Archive's first page (50), 52 contacts more than Contacts' first page (50).
 */
const REQUESTS = 55;
const CONTACTS = 52;
const two = (n: number) => String(n).padStart(2, "0");
const person = (n: number) => `Person ${two(n)}`;
/** Every name of a request card on screen, in order. */
const PERSON = /^Person \d{2}$/;

/**
 * A ready user with a history made through the API: request n asks for $n.00, made oldest first;
 * Persons 01–03 stay pending (the oldest, so on Archive's second page), Person 04 is cancelled,
 * the other 51 are paid.
 */
const withHistory = signedInTest.extend<{ history: undefined }>({
  history: [
    async ({ page, baseURL }, use) => {
      const headers = { origin: baseURL as string };
      for (let n = 1; n <= REQUESTS; n += 1) {
        const created = await page.request.post("/api/payment-requests", {
          headers,
          data: {
            recipientName: person(n),
            recipientPhone: "2125550101",
            amount: `${n}.00`,
            description: `Item ${two(n)}`,
          },
        });
        expect(created.status(), await created.text()).toBe(201);
        if (n <= 3) continue;
        const { id } = (await created.json()).request as { id: string };
        const data = { status: n === 4 ? "cancelled" : "paid" };
        const patched = await page.request.patch(`/api/payment-requests/${id}/status`, { headers, data });
        expect(patched.status(), await patched.text()).toBe(200);
      }
      await use(undefined);
    },
    { auto: true },
  ],
});

withHistory(
  "Archive scrolls through every page, asks the server to search, filter and total, and stays right after Mark as Paid",
  async ({ page }) => {
    const names = page.getByText(PERSON);
    const totals = (label: string) => page.getByText(label, { exact: true }).locator("..");

    await page.goto("/archive");
    // The first page: the 50 newest, newest first.
    await expect(names).toHaveCount(50);
    expect(await names.first().textContent()).toBe(person(55));
    // Totals over the whole history, though Persons 01–05 are not loaded: paid 5…55, pending 1…3.
    await expect(totals("Collected")).toContainText("$1,530.00");
    await expect(totals("Outstanding")).toContainText("$6.00");

    // Scrolling to the foot of the list loads the next page, without pressing anything.
    await page.getByRole("button", { name: "Load more" }).scrollIntoViewIfNeeded();
    await expect(page.getByText("That's every request.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);
    const everyName = Array.from({ length: REQUESTS }, (_, i) => person(REQUESTS - i));
    expect(await names.allTextContents()).toEqual(everyName);

    // Search and filter are answered by the server: start again from a first page that lacks them.
    await page.reload();
    await expect(names).toHaveCount(50);
    await page.getByLabel("Search").fill("item 02");
    await expect(names).toHaveText([person(2)]);
    await page.getByLabel("Search").fill("");
    await expect(names).toHaveCount(50);
    await page.getByLabel("Status").selectOption("pending");
    await expect(names).toHaveText([person(3), person(2), person(1)]);
    await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);

    // Mark as Paid reloads the loaded rows and the totals.
    const card = page.getByRole("listitem").filter({ hasText: person(3) });
    await card.getByRole("button", { name: "Mark as Paid" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Mark as Paid" }).click();
    await expect(toast(page, "Payment Updated")).toBeVisible();
    await expect(names).toHaveText([person(2), person(1)]);
    await expect(totals("Collected")).toContainText("$1,533.00");
    await expect(totals("Outstanding")).toContainText("$3.00");
  },
);

withHistory(
  "Home shows the pending requests, then the newest, one bounded page, and See all opens Archive",
  async ({ page }) => {
    await page.goto("/");
    const names = page.getByText(PERSON);
    // Pending first (newest first among them), then the newest of the rest: 20 in all.
    const expected = [3, 2, 1, 55, 54, 53, 52, 51, 50, 49, 48, 47, 46, 45, 44, 43, 42, 41, 40, 39].map(
      person,
    );
    await expect(names).toHaveText(expected);
    await page.getByRole("link", { name: "See all" }).click();
    await expect(page).toHaveURL(/\/archive$/);
    await expect(names).toHaveCount(50);
  },
);

signedInTest(
  "Contacts load more from the button where nothing watches the scroll, each once, and the last one still starts a request",
  async ({ page, baseURL }) => {
    for (let n = 1; n <= CONTACTS; n += 1) {
      const saved = await page.request.post("/api/payees", {
        headers: { origin: baseURL as string },
        data: { name: `Contact ${two(n)}`, phone: `21255501${two(n)}` },
      });
      expect(saved.status(), await saved.text()).toBe(200);
    }
    // A browser without IntersectionObserver: the button is the only way on.
    await page.addInitScript(() => {
      Reflect.deleteProperty(window, "IntersectionObserver");
    });
    await page.goto("/contacts");
    const names = page.getByText(/^Contact \d{2}$/);
    await expect(names).toHaveCount(50);
    await page.getByRole("button", { name: "Load more" }).click();
    await expect(page.getByText("That's every contact.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);
    const everyName = Array.from({ length: CONTACTS }, (_, i) => `Contact ${two(i + 1)}`);
    expect(await names.allTextContents()).toEqual(everyName);

    await page.getByRole("button", { name: `Request Payment from Contact ${two(CONTACTS)}` }).click();
    await expect(page).toHaveURL(/\/request$/);
    await expect(page.getByLabel("Name")).toHaveValue(`Contact ${two(CONTACTS)}`);
  },
);
