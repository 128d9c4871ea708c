import { devices } from "@playwright/test";
import { apiCall, captureSms, confirmIn, expect, signedInTest, smsFollowed, test, toast } from "./fixtures";

test("create → SMS → pending → public pay page → mark paid → page says paid", async ({
  page,
  baseURL,
  browser,
  readyUser,
}) => {
  await captureSms(page);
  await page.goto("/");
  await page.getByRole("link", { name: "Request Payment" }).click();
  await expect(page.getByRole("heading", { name: "Request Payment" })).toBeVisible();

  // Each validation message of the request form, in order.
  const send = page.getByRole("button", { name: "Send Request" });
  await send.click();
  await expect(toast(page, "Name Required")).toContainText(
    "Please enter the name of the person you're requesting payment from.",
  );
  await page.getByLabel("Name", { exact: true }).fill("Sam Lee");
  await send.click();
  await expect(toast(page, "Phone Number Required")).toContainText("Please enter a mobile phone number.");
  const phone = page.getByLabel("Mobile Phone");
  await phone.pressSequentially("555123");
  await expect(phone).toHaveValue("(555) 123");
  await send.click();
  await expect(toast(page, "Invalid Amount")).toContainText("Please enter a valid amount greater than $0.");
  const amount = page.getByLabel("Amount");
  await amount.fill("0");
  await send.click();
  await expect(toast(page, "Invalid Amount")).toContainText("Please enter a valid amount greater than $0.");
  await amount.fill("25.5");
  await send.click();
  await expect(toast(page, "Invalid Phone Number")).toBeVisible();
  // Another country's number is refused as such, never turned into a US one.
  await phone.fill("+91 98765 43210");
  await expect(phone).toHaveValue("+91 98765 43210");
  await send.click();
  await expect(toast(page, "Invalid Phone Number")).toContainText("Please enter a US mobile number.");
  await phone.fill("+1 212.555.0101");
  await expect(phone).toHaveValue("(212) 555-0101");
  // A decimal comma is read as one ("12,50" became $1,250.00 in the number field it replaced).
  await amount.fill("12,50");
  await expect(page.getByTestId("message-preview")).toContainText("$12.50");
  await amount.fill("25.5");
  await page.getByLabel("Description").fill("Pizza & drinks");
  // The exact text, shown before sending: plain "and" survives every composer's sms: parser.
  const preview = page.getByTestId("message-preview");
  await expect(preview).toHaveText(
    `Hi Sam, ${readyUser.profileName} is requesting $25.50 for Pizza and drinks. Pay here: ${baseURL}/pay/…(your link)`,
  );
  await expect(page.getByText("Fits in one text.")).toBeVisible();
  await expect(
    page.getByRole("checkbox", { name: "Save contact for future payment requests" }),
  ).toBeChecked();
  await send.click();

  await expect(toast(page, "Payment Request Created")).toContainText(
    "Your payment request has been created and SMS launched!",
  );
  await expect.poll(() => smsFollowed(page)).toHaveLength(1);
  const [href = ""] = await smsFollowed(page);
  expect(href.startsWith("sms:+12125550101?&body=")).toBe(true);
  const body = decodeURIComponent(href.split("&body=")[1] as string);
  expect(body).toMatch(
    /^Hi Sam, Robin Example is requesting \$25\.50 for Pizza and drinks\. Pay here: http:\/\/.+\/pay\/[\w-]{10}$/,
  );
  const payPath = new URL(body.split("Pay here: ")[1] as string).pathname;

  // Back home after 2 seconds, with the request pending.
  await expect(page).toHaveURL(/\/$/, { timeout: 5000 });
  // The card (Home's Outstanding total above it may show the same amount).
  await expect(page.getByText("$25.50").last()).toBeVisible();
  await expect(page.getByText("pending", { exact: true })).toBeVisible();
  await expect(page.getByText("(212) 555-0101")).toBeVisible();
  await expect(page.getByRole("button", { name: "Mark Paid" })).toBeVisible();

  // The contact was saved on create.
  await page.getByRole("navigation").last().getByRole("link", { name: "Contacts", exact: true }).click();
  await expect(page.getByText("Sam Lee")).toBeVisible();

  // The recipient, signed out, on a phone.
  const phoneContext = await browser.newContext({ ...devices["Pixel 7"] });
  const payer = await phoneContext.newPage();
  await payer.goto(`${baseURL}${payPath}`);
  await expect(payer).toHaveTitle("Robin Example is requesting $25.50 · Collect");
  await expect(payer.getByText("Robin Example")).toBeVisible();
  await expect(payer.getByRole("heading", { name: "$25.50" })).toBeVisible();
  await expect(payer.getByText("Pizza & drinks")).toBeVisible();
  const buttons = payer.locator("[data-pay]");
  await expect(buttons).toHaveText([
    "Pay with Venmo",
    "Pay with PayPal",
    "Pay with Cash App",
    "Pay with Zelle",
  ]);
  // Google Pay has no US person-to-person link any more: its box explains that instead.
  await expect(payer.locator("[data-instructions=googlepay]")).toContainText(
    "Google Pay no longer sends money",
  );
  await expect(payer.getByRole("link", { name: "Pay with PayPal" })).toHaveAttribute(
    "href",
    "https://paypal.me/robinex/25.50USD",
  );
  await expect(payer.getByRole("link", { name: "Pay with Cash App" })).toHaveAttribute(
    "href",
    "https://cash.app/$robinex/25.50",
  );
  await expect(payer.getByRole("link", { name: "Pay with Venmo" })).toHaveAttribute(
    "href",
    "https://venmo.com/?txn=pay&recipients=robin-example&amount=25.50&note=Pizza%20%26%20drinks",
  );
  await expect(payer.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/");
  await phoneContext.close();

  // On a desktop, Venmo explains itself in a toast instead (it stays until closed).
  const desktop = await browser.newContext({ ...devices["Desktop Chrome"] });
  const desk = await desktop.newPage();
  await desk.goto(`${baseURL}${payPath}`);
  await desk.getByRole("link", { name: "Pay with Venmo" }).click();
  await expect(desk.getByRole("status")).toContainText(
    "Open the Venmo app or venmo.com and pay @robin-example $25.50.",
  );
  await expect(desk).toHaveURL(`${baseURL}${payPath}`);
  await desktop.close();

  // Archive: Mark as Paid with its confirm.
  await page.getByRole("navigation").last().getByRole("link", { name: "Archive", exact: true }).click();
  await page.getByRole("button", { name: "Mark as Paid" }).click();
  await confirmIn(page, "Mark this payment request as paid?", "Mark as Paid");
  await expect(toast(page, "Payment Updated")).toBeVisible();
  await expect(page.getByText("paid", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "View Payment Page" })).toHaveAttribute("href", payPath);

  const paid = await browser.newContext({ ...devices["Pixel 7"] });
  const paidPage = await paid.newPage();
  await paidPage.goto(`${baseURL}${payPath}`);
  await expect(paidPage.getByText("this request has been paid")).toBeVisible();
  await expect(paidPage.locator("[data-pay]")).toHaveCount(0);
  await paid.close();
});

signedInTest("the phone input keeps the caret where the digit was edited", async ({ page }) => {
  await page.goto("/request");
  const phone = page.getByLabel("Mobile Phone");
  await phone.pressSequentially("2125550101");
  await expect(phone).toHaveValue("(212) 555-0101");
  // Delete the first 5 of the exchange, then type a 9 in its place.
  await phone.evaluate((input: HTMLInputElement) => input.setSelectionRange(7, 7));
  await page.keyboard.press("Backspace");
  await expect(phone).toHaveValue("(212) 550-101");
  expect(await phone.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(4);
  await page.keyboard.type("9");
  await expect(phone).toHaveValue("(212) 955-0101");
  expect(await phone.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(7);
});

signedInTest("contacts: empty states, prefill the request form, delete with confirm", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByText("No payment requests yet")).toBeVisible();
  await page.goto("/archive");
  await expect(page.getByText("No Payment Requests")).toBeVisible();
  await page.goto("/contacts");
  await expect(page.getByText("No Contacts Yet")).toBeVisible();
  await expect(page.getByRole("link", { name: "Create Payment Request" })).toHaveAttribute(
    "href",
    "/request",
  );

  await apiCall(page, "POST", "/api/payees", { name: "Alex Kim", phone: "2125550102" });
  await page.reload();
  await expect(page.getByText("(212) 555-0102")).toBeVisible();
  await page.getByRole("button", { name: "Request Payment from Alex Kim" }).click();
  await expect(page).toHaveURL(/\/request$/);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Alex Kim");
  await expect(page.getByLabel("Mobile Phone")).toHaveValue("(212) 555-0102");

  await page.goto("/contacts");
  await page.getByRole("button", { name: "Delete Alex Kim" }).click();
  await confirmIn(page, "Are you sure you want to delete Alex Kim?", "Delete");
  await expect(toast(page, "Contact Deleted")).toBeVisible();
  await expect(page.getByText("No Contacts Yet")).toBeVisible();
});

test("an unknown pay link shows the not-found view", async ({ page }) => {
  await page.goto("/pay/doesnotexist");
  await expect(page.getByRole("heading", { name: "Payment Not Found" })).toBeVisible();
  await expect(page.getByText("This payment request could not be found or has expired.")).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
});

// Everything typed on Request Payment was lost on a reload, or on the phone's Back after a look
// at Contacts: all four fields came back empty.
signedInTest(
  "what is typed on Request Payment survives a reload and Back, and goes once sent",
  async ({ page }) => {
    await captureSms(page);
    await page.goto("/request");
    await page.getByLabel("Name", { exact: true }).fill("Sam Lee");
    await page.getByLabel("Mobile Phone").fill("2125550101");
    await page.getByLabel("Amount").fill("12,50");
    await page.getByLabel("Description").fill("Pizza");
    const typed = async () => [
      await page.getByLabel("Name", { exact: true }).inputValue(),
      await page.getByLabel("Mobile Phone").inputValue(),
      await page.getByLabel("Amount").inputValue(),
      await page.getByLabel("Description").inputValue(),
    ];
    const all = ["Sam Lee", "(212) 555-0101", "12,50", "Pizza"];
    await page.reload();
    await expect.poll(typed).toEqual(all);
    await page.getByRole("link", { name: "Contacts" }).click();
    await expect(page.getByRole("heading", { name: "Contacts" })).toBeVisible();
    await page.goBack();
    await expect.poll(typed).toEqual(all);
    await page.getByRole("button", { name: "Send Request" }).click();
    await expect(toast(page, "Payment Request Created")).toBeVisible();
    await page.goto("/request");
    await expect.poll(typed).toEqual(["", "", "", ""]);
  },
);
