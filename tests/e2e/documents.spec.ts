import { readFileSync } from "node:fs";
import { apiCall, expect, expectAccessible, signedInTest, translated } from "./fixtures";

signedInTest.use({ viewport: { width: 320, height: 740 }, hasTouch: true });

// Before: nothing to keep. A tenant asking for a receipt got a screenshot; a landlord's year with
// a tenant was a scroll through Archive.
signedInTest(
  "a paid card's Receipt and a person's statement download as PDFs, the card's tools still fitting 320 px",
  async ({ page }) => {
    const sam = { recipientName: "Sam Lee", recipientPhone: "2125550101" };
    const make = async (body: object) => (await apiCall(page, "POST", "/api/payment-requests", body)).request;
    const november = await make({ ...sam, amount: "1450", description: "Rent November" });
    const december = await make({ ...sam, amount: "1450", description: "Rent December" });
    await apiCall(page, "PATCH", `/api/payment-requests/${november.id}/status`, { status: "paid" });

    await page.goto("/archive");
    const card = page.locator(`[data-request-id="${november.id}"]`);
    const receipt = card.getByRole("link", { name: "Receipt" });
    await expect(receipt).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    const [file] = await Promise.all([page.waitForEvent("download"), receipt.click()]);
    expect(file.suggestedFilename()).toBe(`collect-receipt-${november.shortUrl.split("/").pop()}.pdf`);
    expect(
      readFileSync(await file.path())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    // The payer's own copy, from the paid page.
    await page.goto(new URL(november.shortUrl).pathname);
    const payerLink = page.getByRole("link", { name: "Download a receipt (PDF)" });
    const [payerFile] = await Promise.all([page.waitForEvent("download"), payerLink.click()]);
    expect(payerFile.suggestedFilename()).toBe(`collect-receipt-${november.shortUrl.split("/").pop()}.pdf`);
    await expectAccessible(page, "a paid pay page with its receipt link");
    // The same in Arabic, right to left at 320 px.
    await page.goto(`${new URL(november.shortUrl).pathname}?lang=ar`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(
      page.getByRole("link", { name: translated("ar", "Download a receipt (PDF)") }),
    ).toBeVisible();
    await expectAccessible(page, "a paid pay page in Arabic");

    // A part payment's receipt, from its dialog, by keyboard.
    await apiCall(page, "POST", `/api/payment-requests/${december.id}/payments`, { amount: "1000" });
    await page.goto("/");
    await page
      .locator(`[data-request-id="${december.id}"]`)
      .getByRole("button", { name: "Part payment" })
      .click();
    const dialog = page.getByRole("dialog");
    const download = dialog.getByRole("link", { name: "Download a receipt (PDF)" });
    await download.focus();
    const [partFile] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
    expect(partFile.suggestedFilename()).toBe(`collect-receipt-${december.shortUrl.split("/").pop()}.pdf`);
    await page.keyboard.press("Escape");

    // Sam's statement, from Sam's balance.
    await page.goto("/balance?phone=2125550101");
    const statement = page.getByRole("link", { name: "Download a statement (PDF)" });
    const [statementFile] = await Promise.all([page.waitForEvent("download"), statement.click()]);
    expect(statementFile.suggestedFilename()).toMatch(/^collect-statement-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(
      readFileSync(await statementFile.path())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    await expectAccessible(page, "a balance with its statement link");
  },
);
