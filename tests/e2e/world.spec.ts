import AxeBuilder from "@axe-core/playwright";
import { animationsSettled, captureSms, expect, smsFollowed, test, toast } from "./fixtures";

test.use({ viewport: { width: 320, height: 740 } });

test("an account in Germany: Profile's country, a German number, a decimal comma, euros from the text to the pay page, at 320 px", async ({
  page,
  readyUser,
}) => {
  await captureSms(page);
  await page.goto("/profile");
  await page.getByLabel("Country").selectOption("DE");
  await expect(page.getByLabel("Currency")).toHaveValue("EUR");
  await page.getByRole("button", { name: "Update Profile" }).click();
  await expect(toast(page, "Profile Updated")).toBeVisible();

  await page.goto("/request");
  await page.getByLabel("Name", { exact: true }).fill("Jonas");
  const phone = page.getByLabel("Mobile Phone");
  await phone.fill("0151 2345 6789");
  // Written the German way, not reformatted as a US number.
  await expect(phone).toHaveValue("0151 2345 6789");
  await expect(page.getByLabel("Currency")).toHaveValue("EUR");
  await page.getByLabel("Amount").fill("1.250,50");
  await expect(page.getByTestId("message-preview")).toContainText(
    `Hi Jonas, ${readyUser.profileName} is requesting €1,250.50`,
  );
  // The form fits the narrowest phone, and axe finds nothing on it.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await animationsSettled(page);
  const { violations } = await new AxeBuilder({ page }).include("main").analyze();
  expect(violations.map((v) => v.id)).toEqual([]);

  await page.getByRole("button", { name: "Send Request" }).click();
  await expect.poll(() => smsFollowed(page)).toHaveLength(1);
  const [href = ""] = await smsFollowed(page);
  // Texted in E.164 with its +, the amount in euros.
  expect(href.startsWith("sms:+4915123456789?&body=")).toBe(true);
  const body = decodeURIComponent(href.split("&body=")[1] as string);
  expect(body).toContain("is requesting €1,250.50");

  const payPath = new URL(body.split("Pay here: ")[1] as string).pathname;
  await page.goto(payPath);
  await expect(page.getByText("€1,250.50").first()).toBeVisible();
  // PayPal.Me takes euros; the four US apps do not, so only PayPal is offered.
  await expect(page.getByRole("link", { name: /PayPal/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /Venmo/ })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});
