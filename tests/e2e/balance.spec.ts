import { apiCall, expect, signedInTest, toast } from "./fixtures";

signedInTest.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

// Before: three open requests to the same person were three separate cards, and nothing said what
// Sam owed in all.
signedInTest(
  "one balance per person: from a card's name, everything open with Sam and what Sam owes in all",
  async ({ page }) => {
    const sam = { recipientName: "Sam Lee", recipientPhone: "2125550101" };
    const make = async (body: object) => (await apiCall(page, "POST", "/api/payment-requests", body)).request;
    const rent = await make({ ...sam, amount: "1450", description: "Rent" });
    await make({ ...sam, amount: "40", description: "Dinner" });
    await make({ ...sam, amount: "100", currency: "EUR", description: "Trip" });
    await make({
      recipientName: "Kim Park",
      recipientPhone: "2125550102",
      amount: "12",
      description: "Taxi",
    });
    await apiCall(page, "POST", `/api/payment-requests/${rent.id}/payments`, { amount: "1000" });

    await page.goto("/");
    await page.locator(`[data-request-id="${rent.id}"]`).getByRole("link", { name: "Sam Lee" }).click();
    await expect(page).toHaveURL("/balance?phone=2125550101");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sam Lee");
    await expect(page.locator("[data-balance-total]")).toHaveText("Sam Lee owes you $490.00 · €100.00.");
    const cards = page.locator("[data-request-id]");
    await expect(cards).toHaveCount(3);
    await expect(cards.nth(0)).toContainText("Rent");
    await expect(page.getByText("Taxi")).toHaveCount(0);

    // Marked paid here, the total follows at once.
    await cards.nth(1).getByRole("button", { name: "Mark Paid" }).click();
    await expect(toast(page, "Request marked as paid")).toBeVisible();
    await expect(page.locator("[data-balance-total]")).toHaveText("Sam Lee owes you $450.00 · €100.00.");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // New request starts Request Payment with Sam filled in.
    await page.getByRole("link", { name: "New request" }).click();
    await expect(page).toHaveURL("/request");
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Sam Lee");
  },
);
