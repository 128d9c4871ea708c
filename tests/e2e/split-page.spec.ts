import { apiCall, captureSms, expect, signedInTest, smsFollowed, toast } from "./fixtures";

signedInTest.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

const FIVE = [
  ["Ana Ruiz", "2125550101"],
  ["Bo Chen", "2125550102"],
  ["Cy Okafor", "2125550103"],
  ["Di Novak", "2125550104"],
  ["Ed Park", "2125550105"],
] as const;

// Dinner for five. Before: texting four people was twelve taps with no "texted" mark and no
// "Text next"; a payer's "I've paid" reached Home but not the split page, which had no Mark Paid
// per row; its counts ignored claims.
signedInTest(
  "a five-way split: Text next walks through everyone, a claim shows live, Mark Paid and its Undo per row",
  async ({ page, browser, baseURL }) => {
    await captureSms(page);
    const split = await apiCall(page, "POST", "/api/splits", {
      total: "150",
      description: "Dinner",
      includeMe: false,
      people: FIVE.map(([name, phone]) => ({ name, phone })),
    });
    const stream = page.waitForResponse((r) => r.url().endsWith("/api/events") && r.status() === 200);
    await page.goto(`/split?id=${split.id}`);
    await stream;
    const shares = page.locator("[data-share]");
    await expect(shares).toHaveCount(5);
    await expect(page.getByText("0 of 5 paid · $150.00 outstanding")).toBeVisible();

    // One tap per person, each opening the composer with that person's own text.
    for (const [index, [name, phone]] of FIVE.entries()) {
      const next = page.getByRole("link", { name: `Text next: ${name}` });
      await next.click();
      await expect(shares.nth(index).getByText("Texted")).toBeVisible();
      const sent = await smsFollowed(page);
      expect(sent).toHaveLength(index + 1);
      expect(sent.at(-1)).toMatch(new RegExp(`^sms:\\+1${phone}\\?&body=Hi%20${name.split(" ")[0]}%2C`));
    }
    await expect(page.getByText("Everyone still to pay has been texted from here.")).toBeVisible();
    await expect(page.locator("[data-text-next]")).toHaveCount(0);

    // Cy says they paid, from another browser: their row says so within a second, and the count too.
    const cy = split.shares[2].request;
    const payer = await browser.newContext();
    try {
      const code = new URL(cy.shortUrl).pathname.split("/").pop() as string;
      const claimed = await payer.request.post(`/api/payment-screen/${code}/claim`, {
        headers: { origin: baseURL as string },
        data: { via: "venmo", note: "sent from the train" },
      });
      expect(claimed.ok()).toBe(true);
    } finally {
      await payer.close();
    }
    await expect(shares.nth(2).getByText("Cy Okafor says paid with Venmo · just now")).toBeVisible();
    await expect(page.locator("[data-split-summary]")).toHaveText(
      "0 of 5 paid · $150.00 outstanding · 1 says they paid",
    );

    // Mark Paid on that row; the toast's Undo takes it back.
    await shares.nth(2).getByRole("button", { name: "Mark Paid" }).click();
    await expect(page.locator("[data-split-summary]")).toHaveText("1 of 5 paid · $120.00 outstanding");
    await toast(page, "Request marked as paid").getByRole("button", { name: "Undo" }).click();
    await expect(toast(page, "Marked as not paid")).toContainText("$30.00 from Cy Okafor is pending again.");
    await expect(page.locator("[data-split-summary]")).toHaveText(
      "0 of 5 paid · $150.00 outstanding · 1 says they paid",
    );

    // A reload keeps the marks of this tab; nothing is wider than the phone.
    await page.reload();
    await expect(page.locator("[data-texted]")).toHaveCount(5);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  },
);

// Before: a reload emptied the split form; the other forms keep what was typed.
signedInTest(
  "the split form survives a reload, is empty again once the split is made, and offers its people as contacts",
  async ({ page }) => {
    await page.goto("/split");
    await page.getByRole("textbox", { name: "Total" }).fill("90");
    await page.getByRole("textbox", { name: "Description" }).fill("Cabin weekend");
    await page.getByRole("button", { name: "Add person" }).click();
    for (const [index, [name, phone]] of FIVE.slice(0, 3).entries()) {
      await page.getByLabel(`Name ${index + 1}`, { exact: true }).fill(name);
      await page.getByLabel(`Phone ${index + 1}`, { exact: true }).fill(phone);
    }
    await page.reload();
    await expect(page.getByRole("textbox", { name: "Total" })).toHaveValue("90");
    await expect(page.getByRole("textbox", { name: "Description" })).toHaveValue("Cabin weekend");
    await expect(page.getByLabel("Name 3", { exact: true })).toHaveValue("Cy Okafor");
    await page.getByRole("button", { name: "Create requests" }).click();
    await expect(page).toHaveURL(/\/split\?id=/);
    await expect(page.locator("[data-share]")).toHaveCount(3);
    // Before: the new people were never offered as contacts. Asked once, naming them.
    const question = toast(page, "Save 3 new people as contacts?");
    await expect(question).toContainText("Ana Ruiz, Bo Chen, and Cy Okafor");
    await question.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Contacts Saved")).toBeVisible();
    const payees = (await (await page.request.get("/api/payees")).json()) as { name: string }[];
    expect(payees.map((payee) => payee.name).sort()).toEqual(["Ana Ruiz", "Bo Chen", "Cy Okafor"]);
    await page.goto("/split");
    await expect(page.getByRole("textbox", { name: "Total" })).toHaveValue("");
  },
);
