import { apiCall, captureSms, expect, expectAccessible, signedInTest, smsFollowed, toast } from "./fixtures";

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

// Before: three open requests to Sam were three links and three texts; Sam could not pay them at once.
signedInTest(
  "Request all: one text and one link for everything open with Sam; the payer sees the list, pays the total, and says so once",
  async ({ page, browser }) => {
    await captureSms(page);
    const sam = { recipientName: "Sam Lee", recipientPhone: "2125550101" };
    const make = async (body: object) => (await apiCall(page, "POST", "/api/payment-requests", body)).request;
    const rent = await make({ ...sam, amount: "1450", description: "Rent" });
    const dinner = await make({ ...sam, amount: "40", description: "Dinner" });
    await make({ ...sam, amount: "100", currency: "EUR", description: "Trip" });
    await apiCall(page, "POST", `/api/payment-requests/${rent.id}/payments`, { amount: "1000" });

    await page.goto("/balance?phone=2125550101");
    // One button per currency with more than one request: euros have one, so none for them.
    await expect(page.getByRole("button", { name: /^Request all/ })).toHaveCount(1);
    await page.getByRole("button", { name: "Request all $490.00" }).click();
    await expect.poll(() => smsFollowed(page)).toHaveLength(1);
    const [href = ""] = await smsFollowed(page);
    expect(href.startsWith("sms:+12125550101?&body=")).toBe(true);
    const text = decodeURIComponent(href.split("&body=")[1] as string);
    expect(text).toMatch(
      /^Hi Sam, .+ is requesting \$490\.00 in all, for 2 requests\. Pay here: http\S+\/pay\/\S{11}$/,
    );
    await expect(toast(page, "Text ready")).toBeVisible();
    await expectAccessible(page, "a balance with Request all");

    // Sam's page: what each was for and what is left of it; the buttons ask for the total.
    const link = new URL(text.split("Pay here: ")[1] as string).pathname;
    const payerContext = await browser.newContext({ viewport: { width: 320, height: 700 }, hasTouch: true });
    const payer = await payerContext.newPage();
    await payer.goto(link);
    await expect(payer.getByRole("heading", { level: 1 })).toHaveText("$490.00");
    const items = payer.getByTestId("pay-items");
    await expect(items).toContainText("For 2 requests:");
    await expect(items.getByRole("listitem")).toHaveText([/Rent.*\$450\.00/, /Dinner.*\$40\.00/]);
    await expect(payer.locator('[data-provider="venmo"]')).toHaveAttribute("data-amount", "490.00");
    await expectAccessible(payer, "a Request all page at 320 px");
    // In Arabic, right to left: the list and its amounts still fit.
    await payer.goto(`${link}?lang=ar`);
    await expect(payer.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(payer.getByTestId("pay-items").getByRole("listitem")).toHaveCount(2);
    await expectAccessible(payer, "a Request all page in Arabic at 320 px");
    await payer.goto(`${link}?lang=en`);
    await payer.getByText("I've paid").click();
    await payer.getByRole("radio", { name: "Venmo" }).check();
    await payer.getByRole("button", { name: /^Let .+ know$/ }).click();
    await expect(payer.getByText(/^Thanks — we've let .+ know\.$/)).toBeVisible();
    await payerContext.close();

    // Each request carries Sam's word for its part, live on the balance.
    const cards = page.locator("[data-request-id]");
    await expect(page.locator(`[data-request-id="${rent.id}"]`)).toContainText(
      "Sam Lee says paid with Venmo",
    );
    await expect(page.locator(`[data-request-id="${dinner.id}"]`)).toContainText(
      "Sam Lee says paid with Venmo",
    );
    await expect(cards).toHaveCount(3);
  },
);

// Before: a tenant's one transfer for two months of rent had to be split by hand across two cards.
signedInTest(
  "Record a payment on a balance covers the oldest first, and its Undo takes every part back",
  async ({ page }) => {
    const sam = { recipientName: "Sam Lee", recipientPhone: "2125550101" };
    const make = async (body: object) => (await apiCall(page, "POST", "/api/payment-requests", body)).request;
    const november = await make({ ...sam, amount: "1450", description: "November rent" });
    const december = await make({ ...sam, amount: "1450", description: "December rent" });
    await page.goto("/balance?phone=2125550101");
    await page.getByRole("button", { name: "Record a payment" }).click();
    const dialog = page.getByRole("dialog", { name: "Record a payment" });
    await expect(dialog).toContainText("Sam Lee owes $2,900.00 in all. A payment covers the oldest first.");
    await dialog.getByLabel("Amount paid").fill("3000");
    await dialog.getByRole("button", { name: "Record payment" }).click();
    await expect(dialog.getByText("A payment can be at most what is left: $2,900.00.")).toBeVisible();
    await dialog.getByLabel("Amount paid").fill("2,000");
    await dialog.getByLabel("Paid with (optional)").selectOption("venmo");
    await dialog.getByRole("button", { name: "Record payment" }).click();
    const recorded = toast(page, "Payment recorded");
    await expect(recorded).toContainText("$2,000.00 from Sam Lee, toward 2 requests · $900.00 left");
    await expect(page.locator("[data-balance-total]")).toHaveText("Sam Lee owes you $900.00.");
    // November is paid in full (it leaves the open list); December is part paid.
    await expect(page.locator(`[data-request-id="${november.id}"]`)).toHaveCount(0);
    await expect(page.locator(`[data-request-id="${december.id}"]`)).toContainText(
      "$550.00 of $1,450.00 paid · $900.00 left",
    );
    await expectAccessible(page, "a balance after a payment");

    await recorded.getByRole("button", { name: "Undo" }).click();
    await expect(toast(page, "Payment undone")).toBeVisible();
    await expect(page.locator("[data-balance-total]")).toHaveText("Sam Lee owes you $2,900.00.");
    await expect(page.locator("[data-request-id]")).toHaveCount(2);
  },
);
