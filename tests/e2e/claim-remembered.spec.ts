import { expect, signedInTest } from "./fixtures";

/** Issue 23 item 15: a reload remembers this device's "I've paid" instead of offering it again. */
signedInTest(
  "a claim is remembered after a reload, and its browser can correct it",
  async ({ page, browser, baseURL }) => {
    const created = await page.request.post("/api/payment-requests", {
      headers: { origin: baseURL as string },
      data: {
        recipientName: "Alex Payer",
        recipientPhone: "2125550123",
        amount: "18.50",
        description: "Tacos",
      },
    });
    expect(created.status()).toBe(201);
    const { request } = await created.json();
    const payerContext = await browser.newContext();
    const payer = await payerContext.newPage();
    try {
      await payer.goto(new URL(request.shortUrl).pathname);
      await payer.getByText("I've paid").click();
      await payer.getByRole("radio", { name: "Venmo" }).check();
      await payer.getByRole("button", { name: "Let Robin know" }).click();
      await expect(payer.getByText("Thanks — we've let Robin know.")).toBeVisible();
      await payer.reload();
      await expect(payer.getByText("You told Robin you paid with Venmo.")).toBeVisible();
      await expect(payer.getByText("I've paid")).toBeHidden();
      await payer.getByRole("button", { name: "Not right? Tell Robin again" }).click();
      // The correction reaches Robin: the first claim's browser may change it.
      await payer.getByRole("radio", { name: "Cash App" }).check();
      await payer.getByRole("button", { name: "Let Robin know" }).click();
      await expect(payer.getByText("Thanks — we've let Robin know.")).toBeVisible();
      await payer.reload();
      await expect(payer.getByText("You told Robin you paid with Cash App.")).toBeVisible();
      const listed = await (await page.request.get("/api/payment-requests")).json();
      expect(listed.find((r: { id: string }) => r.id === request.id)).toMatchObject({
        claimedVia: "cashapp",
      });
    } finally {
      await payerContext.close();
    }
  },
);
