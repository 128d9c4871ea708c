import { ALL_ACCOUNTS, apiCall, expect, signedInTest } from "./fixtures";

signedInTest.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

// Issue: a requester who prefers Zelle (no fees) could not say so: the pay page always led with Venmo.
signedInTest(
  "the requester orders their methods on Payment Methods, and the pay page follows; Venmo first until then",
  async ({ page }) => {
    await apiCall(page, "POST", "/api/payment-accounts", { accounts: ALL_ACCOUNTS.slice(0, 4) });
    const { request } = await apiCall(page, "POST", "/api/payment-requests", {
      recipientName: "Sam Lee",
      recipientPhone: "2125550101",
      amount: "25",
    });
    const payPath = new URL(request.shortUrl).pathname;
    const payButtons = async () => {
      await page.goto(payPath);
      return page
        .locator("[data-pay-request]")
        .getByRole("button", { name: /^Pay with / })
        .or(page.locator("[data-pay-request]").getByRole("link", { name: /^Pay with / }))
        .allTextContents();
    };
    const first = async () => (await payButtons())[0] ?? "";
    expect(await first()).toContain("Venmo");

    await page.goto("/payment-methods");
    const order = page.getByRole("list", { name: "Order on your pay page" });
    await expect(order.getByRole("listitem")).toHaveText([/Venmo/, /PayPal/, /Cash App/, /Zelle/]);
    // Presses quicker than React draws (CI's loaded machine lost two of three): each moves Zelle
    // from where the one before it left it.
    const up = page.getByRole("button", { name: "Move Zelle up" });
    await up.evaluate((button: HTMLButtonElement) => {
      button.click();
      button.click();
    });
    await expect(order.getByRole("listitem")).toHaveText([/Venmo/, /Zelle/, /PayPal/, /Cash App/]);
    // Zelle to the top, by keyboard: focus stays on the moved method's button.
    await up.focus();
    await page.keyboard.press("Enter");
    await expect(order.getByRole("listitem")).toHaveText([/Zelle/, /Venmo/, /PayPal/, /Cash App/]);
    await expect(page.getByRole("button", { name: "Move Zelle down" })).toBeFocused();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect.poll(first).toContain("Zelle");

    await page.goto("/payment-methods");
    await page.getByRole("button", { name: "Back to the usual order" }).click();
    await expect(order.getByRole("listitem").first()).toHaveText(/Venmo/);
    await expect.poll(first).toContain("Venmo");
  },
);
