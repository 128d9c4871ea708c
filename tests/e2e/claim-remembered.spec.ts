import { expect, signedInTest } from "./fixtures";

/**
 * A reload remembers this device's "I've paid" instead of offering it again (issue 23 item 15); a
 * payer coming back reads what they said first, the buttons folded under "Pay again" (issue 46).
 */
signedInTest(
  "a claim is remembered after a reload, with the buttons folded under Pay again, and its browser can correct it",
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
      const today = new Intl.DateTimeFormat("en", { month: "short", day: "numeric" }).format(new Date());
      const told = payer.getByText(`You told Robin you paid $18.50 with Venmo on ${today}.`);
      await expect(told).toBeVisible();
      await expect(payer.getByText("I've paid")).toBeHidden();
      // What they said comes first; no pay button invites paying twice until asked for.
      const venmo = payer.getByRole("link", { name: /Pay with/ }).first();
      await expect(venmo).toBeHidden();
      const again = payer.getByRole("button", { name: "Pay again" });
      expect((await told.boundingBox())?.y ?? 0).toBeLessThan((await again.boundingBox())?.y ?? 0);
      await again.focus();
      await payer.keyboard.press("Enter");
      await expect(venmo).toBeVisible();
      await expect(venmo).toBeFocused();
      await expect(again).toBeHidden();
      await payer.getByRole("button", { name: "Not right? Tell Robin again" }).click();
      // The correction reaches Robin: the first claim's browser may change it.
      await payer.getByRole("radio", { name: "Cash App" }).check();
      await payer.getByRole("button", { name: "Let Robin know" }).click();
      await expect(payer.getByText("Thanks — we've let Robin know.")).toBeVisible();
      await payer.reload();
      await expect(payer.getByText(/^You told Robin you paid \$18\.50 with Cash App on /)).toBeVisible();
      // A claim this browser stored before claims were dated (a label alone) still reads right.
      const key = `claim:${new URL(request.shortUrl).pathname.split("/").pop()}`;
      await payer.evaluate((k) => localStorage.setItem(k, "Other"), key);
      await payer.reload();
      await expect(payer.getByText("You told Robin you paid.", { exact: true })).toBeVisible();
      await payer.evaluate((k) => localStorage.setItem(k, "Venmo"), key);
      await payer.reload();
      await expect(payer.getByText("You told Robin you paid with Venmo.", { exact: true })).toBeVisible();
      const listed = await (await page.request.get("/api/payment-requests")).json();
      expect(listed.find((r: { id: string }) => r.id === request.id)).toMatchObject({
        claimedVia: "cashapp",
      });
    } finally {
      await payerContext.close();
    }
  },
);
