import { apiCall, expect, signedInTest, toast } from "./fixtures";

signedInTest.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

// A landlord's tenant pays $1,000 of $1,450 rent. Before: the request stayed pending for the
// whole $1,450.00 (or was wrongly marked paid), and the pay page and reminders asked for all of it.
signedInTest(
  "records part of the rent: the card says what is left, the pay page asks for it, the rest closes it",
  async ({ page }) => {
    const { request } = await apiCall(page, "POST", "/api/payment-requests", {
      recipientName: "Sam Lee",
      recipientPhone: "2125550101",
      amount: "1450",
      description: "December rent",
    });
    const code = String(request.shortUrl).split("/").pop();
    await page.goto("/");
    const card = page.locator(`[data-request-id="${request.id}"]`);
    await card.getByRole("button", { name: "Part payment" }).click();
    const dialog = page.getByRole("dialog", { name: "Part payment" });
    await expect(dialog).toContainText("Sam Lee owes $1,450.00 of $1,450.00.");
    const amount = dialog.getByLabel("Amount paid");
    await expect(amount).toBeFocused();

    // More than is left is refused in the dialog, with the reason under the field.
    await amount.fill("1500");
    await dialog.getByRole("button", { name: "Record payment" }).click();
    await expect(dialog.getByText("A payment can be at most what is left: $1,450.00.")).toBeVisible();
    await expect(amount).toHaveAttribute("aria-invalid", "true");

    await amount.fill("1,000");
    await dialog.getByLabel("Paid with (optional)").selectOption("venmo");
    await dialog.getByRole("button", { name: "Record payment" }).click();
    await expect(toast(page, "Payment recorded")).toContainText("$1,000.00 from Sam Lee · $450.00 left");
    await expect(dialog).toBeHidden();
    await expect(card).toContainText("$1,000.00 of $1,450.00 paid · $450.00 left");

    // The payer's page asks for what is left, and its Venmo button carries it.
    const payer = await page.context().newPage();
    await payer.goto(`/pay/${code}`);
    await expect(payer.getByRole("heading", { level: 1 })).toHaveText("$450.00");
    await expect(payer.getByTestId("pay-part-paid")).toHaveText("$1,000.00 of $1,450.00 paid");
    await expect(payer.locator('[data-provider="venmo"]')).toHaveAttribute("data-amount", "450.00");
    await payer.close();

    // The rest closes it; the payments list keeps both, and undoing the last makes it owed again.
    await card.getByRole("button", { name: "Part payment" }).click();
    await expect(dialog.getByRole("heading", { name: "Paid so far" })).toBeVisible();
    await expect(dialog.getByRole("listitem")).toHaveCount(1);
    await dialog.getByLabel("Amount paid").fill("450");
    await dialog.getByLabel("Paid with (optional)").selectOption("cash");
    await dialog.getByRole("button", { name: "Record payment" }).click();
    await expect(toast(page, "Paid in full")).toContainText("Sam Lee has paid all $1,450.00.");
    await expect(card.getByText("paid", { exact: true })).toBeVisible();

    await card.getByRole("button", { name: "Payments" }).click();
    const payments = page.getByRole("dialog", { name: "Payments" });
    await expect(payments.getByRole("listitem")).toHaveCount(2);
    await payments.getByRole("button", { name: /^Undo the payment of \$450\.00/ }).click();
    await expect(toast(page, "Payment undone")).toContainText("Sam Lee owes $450.00 of $1,450.00.");
    await page.keyboard.press("Escape");
    await expect(card).toContainText("$1,000.00 of $1,450.00 paid · $450.00 left");
    await expect(card.getByRole("button", { name: "Mark Paid" })).toBeVisible();

    // Nothing on the page is wider than the phone.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  },
);

// Issue: a tenant who sent $1,000 of the $1,450 could only say "I've paid", and the landlord read
// that they had paid it all.
signedInTest(
  "the payer says they paid part; the card names it and Part payment starts from it",
  async ({ page, browser }) => {
    const { request } = await apiCall(page, "POST", "/api/payment-requests", {
      recipientName: "Sam Lee",
      recipientPhone: "2125550101",
      amount: "1450",
      description: "December rent",
    });
    const payerContext = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    const payer = await payerContext.newPage();
    await payer.goto(new URL(request.shortUrl).pathname);
    await payer.getByText("I've paid").click();
    await payer.getByRole("radio", { name: "Venmo" }).check();
    const amount = payer.getByLabel("How much did you pay?");
    await expect(amount).toHaveValue("1450.00");
    await amount.fill("1500");
    await payer.getByRole("button", { name: "Let Robin know" }).click();
    await expect(payer.getByText("A payment can be at most what is left: $1,450.00.")).toBeVisible();
    await amount.fill("1,000");
    await payer.getByRole("button", { name: "Let Robin know" }).click();
    await expect(payer.getByText("Thanks — we've let Robin know.")).toBeVisible();
    await payer.reload();
    await expect(payer.getByText(/^You told Robin you paid \$1,000\.00 with Venmo on /)).toBeVisible();
    expect(await payer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await payerContext.close();

    await page.goto("/");
    const card = page.locator(`[data-request-id="${request.id}"]`);
    await expect(card).toContainText("Sam Lee says paid $1,000.00 with Venmo");
    await card.getByRole("button", { name: "Part payment" }).click();
    const dialog = page.getByRole("dialog", { name: "Part payment" });
    await expect(dialog.getByLabel("Amount paid")).toHaveValue("1000.00");
    await expect(dialog.getByLabel("Paid with (optional)")).toHaveValue("venmo");
    await dialog.getByRole("button", { name: "Record payment" }).click();
    await expect(toast(page, "Payment recorded")).toContainText("$1,000.00 from Sam Lee · $450.00 left");
    // Their word is answered: the card asks for the rest, with no claim left on it.
    await expect(card).toContainText("$1,000.00 of $1,450.00 paid · $450.00 left");
    await expect(card.locator("[data-claim-line]")).toHaveCount(0);
  },
);
