import AxeBuilder from "@axe-core/playwright";
import {
  animationsSettled,
  captureSms,
  expect,
  signUpAndIn,
  smsFollowed,
  test,
  toast,
  translated,
  uniqueEmail,
} from "./fixtures";

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

test("a contact who reads Spanish at 320 px: Contacts keeps the language; the text is Spanish from the preview to the composer, and so is the link's preview", async ({
  page,
  readyUser,
}) => {
  await captureSms(page);
  await page.goto("/contacts");
  await page.getByRole("button", { name: "Add contact" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill("Ana Souza");
  await dialog.getByLabel("Mobile Phone").fill("2125550177");
  const language = dialog.getByLabel("Language");
  await expect(language).toHaveValue("");
  await expect(language.locator("option:checked")).toHaveText("Same as mine");
  // Each language in its own words, reached by keyboard like any field.
  await language.focus();
  await language.selectOption({ label: "Español" });
  await animationsSettled(page);
  const { violations } = await new AxeBuilder({ page }).include("[role=dialog]").analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await dialog.getByRole("button", { name: "Save contact" }).click();
  await expect(toast(page, "Contact Saved")).toBeVisible();

  await page.getByRole("button", { name: "Request Payment from Ana Souza" }).click();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Ana Souza");
  await page.getByLabel("Amount").fill("20");
  // The preview is the text word for word: Spanish, the dollars written the Spanish way.
  const preview = page.getByTestId("message-preview");
  await expect(preview).toContainText(/^Hola Ana, /);
  await expect(preview).toContainText(`${readyUser.profileName} `);
  await expect(preview).toContainText("20,00 US$");
  await page.getByRole("button", { name: "Send Request" }).click();
  await expect.poll(() => smsFollowed(page)).toHaveLength(1);
  const [href = ""] = await smsFollowed(page);
  const body = decodeURIComponent(href.split("&body=")[1] as string);
  // Word for word up to the link the preview stands in for.
  const previewed = (await preview.textContent())?.split("/pay/")[0] ?? "—";
  expect(body.startsWith(previewed.trim())).toBe(true);

  const payPath = new URL(body.match(/https?:\/\/\S+/)?.[0] as string).pathname;
  const pay = await page.request.get(payPath, { headers: { "accept-language": "en-US" } });
  const html = await pay.text();
  // The page speaks its reader's language; the preview a message app shows, Ana's.
  expect(html).toContain('<html lang="en" dir="ltr">');
  expect(html).toContain('<meta property="og:locale" content="es_ES"/>');
});

test.describe("a German browser", () => {
  test.use({ locale: "de-DE" });
  // The app speaks the browser's language until the account chooses one.
  const de = (english: string) => translated("de", english);

  test("Setup in Germany at 320 px: the country from the browser, its bank transfer with holder, and the account lands in euros", async ({
    page,
  }) => {
    await signUpAndIn(page.request, uniqueEmail("setup-de"));
    await page.goto("/setup");
    await expect(page.getByLabel(de("Country"))).toHaveValue("DE");
    // Germany's own method, then PayPal: not the spec's US four.
    await expect(page.getByRole("checkbox")).toHaveCount(2);
    await expect(page.getByRole("checkbox", { name: "Venmo" })).toHaveCount(0);
    await page.getByLabel(de("Profile Name")).fill("Jürgen Müller");
    await page.getByRole("checkbox", { name: de("Bank transfer (SEPA)") }).click();
    await page.getByLabel("IBAN").fill("DE89 3704 0044 0532 0130 00");
    await page.getByLabel(de("Account holder's name")).fill("Jürgen Müller");
    await animationsSettled(page);
    const { violations } = await new AxeBuilder({ page }).include("main").analyze();
    expect(violations.map((v) => v.id)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await page.getByRole("button", { name: de("Create Account") }).click();
    await expect(toast(page, de("Profile Created"))).toBeVisible();
    const user = await (await page.request.get("/api/auth/user")).json();
    expect(user).toMatchObject({ country: "DE", currency: "EUR" });
    await page.goto("/payment-methods");
    await expect(page.getByLabel("IBAN")).toHaveValue("DE89 3704 0044 0532 0130 00");
  });
});
