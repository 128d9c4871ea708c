import { expect, PASSWORD, signUpAndIn, test, toast, uniqueEmail } from "./fixtures";

test("landing → create account → setup → methods → profile → logout → sign in again", async ({ page }) => {
  const email = uniqueEmail("walk");

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/time to collect/i);
  await page.getByRole("link", { name: "Get Started" }).click();
  await expect(page).toHaveURL(/\/sign-in/);

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();

  // Setup: each validation message, in order, then Create Account.
  await expect(page.getByLabel("Profile Name")).toBeVisible();
  const create = page.getByRole("button", { name: "Create Account" });
  await create.click();
  await expect(toast(page, "Profile Name Required")).toContainText("Please enter your profile name.");
  await page.getByLabel("Profile Name").fill("Jordan Walker");
  await create.click();
  await expect(toast(page, "Payment Account Required")).toContainText(
    "Please select and configure at least one payment account.",
  );
  await page.getByRole("checkbox", { name: "Venmo" }).click();
  await page.getByLabel("Venmo handle").fill("jordan");
  await create.click();
  await expect(toast(page, "Invalid Handle")).toContainText("Venmo");
  await page.getByLabel("Venmo handle").fill("@jordan-walker");
  await create.click();
  await expect(toast(page, "Profile Created")).toBeVisible();

  // Home shell with the five-link navigation.
  await expect(page.getByRole("heading", { name: "Ready to collect?" })).toBeVisible();
  await expect(page.getByText("No payment requests yet")).toBeVisible();
  const nav = page.getByRole("navigation").last();
  for (const name of ["Request", "Contacts", "Archive", "Methods", "Profile"]) {
    await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
  }

  // Payment Methods: all five providers, each validation message, Update.
  await nav.getByRole("link", { name: "Methods", exact: true }).click();
  await expect(nav.getByRole("link", { name: "Methods", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  for (const name of ["PayPal", "Venmo", "Cash App", "Zelle", "Google Pay"]) {
    await expect(page.getByRole("checkbox", { name })).toBeVisible();
  }
  await expect(page.getByRole("checkbox", { name: "Venmo" })).toBeChecked();
  await expect(page.getByLabel("Venmo handle")).toHaveValue("@jordan-walker");
  const update = page.getByRole("button", { name: "Update", exact: true });
  await page.getByRole("checkbox", { name: "Venmo" }).click();
  await update.click();
  await expect(toast(page, "Payment Method Required")).toContainText(
    "Please select at least one payment method.",
  );
  await page.getByRole("checkbox", { name: "Venmo" }).click();
  await page.getByRole("checkbox", { name: "Zelle" }).click();
  await update.click();
  await expect(toast(page, "Account Handle Required")).toContainText(
    "Please enter account handles for all selected payment methods.",
  );
  await page.getByLabel("Zelle handle").fill("jordan@example.com");
  for (const [name, handle] of [
    ["PayPal", "jordanwalker"],
    ["Cash App", "$jordanw"],
    ["Google Pay", "(212) 555-0102"],
  ] as const) {
    await page.getByRole("checkbox", { name }).click();
    await page.getByLabel(`${name} handle`).fill(handle);
  }
  await update.click();
  await expect(toast(page, "Payment Methods Updated")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Google Pay handle")).toHaveValue("(212) 555-0102");
  await expect(page.getByRole("checkbox", { name: "PayPal" })).toBeChecked();

  // Profile: Email read-only, Update Profile, Logout back to landing.
  await page.getByRole("navigation").last().getByRole("link", { name: "Profile", exact: true }).click();
  // The field, not Profile → Notifications' "Email" switches.
  const emailField = page.getByRole("textbox", { name: "Email" });
  await expect(emailField).toHaveValue(email);
  await expect(emailField).not.toBeEditable();
  await expect(page.getByLabel("Display Name")).toHaveValue("Jordan Walker");
  await page.getByLabel("Display Name").fill("");
  await page.getByRole("button", { name: "Update Profile" }).click();
  await expect(toast(page, "Profile Name Required")).toBeVisible();
  await page.getByLabel("Display Name").fill("Jordan W.");
  await page.getByLabel("First Name").fill("Jordan");
  await page.getByLabel("Last Name").fill("Walker");
  await page.getByRole("button", { name: "Update Profile" }).click();
  await expect(toast(page, "Profile Updated")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Last Name")).toHaveValue("Walker");
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Get Started" })).toBeVisible();

  // Sign in again with the same account; a wrong password first.
  await page.getByRole("link", { name: "Get Started" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toContainText("Invalid email or password.");
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Ready to collect?" })).toBeVisible();
});

test("a taken email is not revealed, but the person is told what to do", async ({ page, readyUser }) => {
  await page.context().clearCookies();
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(readyUser.email);
  await page.getByLabel("Password").fill("someone else's password");
  await page.getByRole("button", { name: "Create account" }).click();
  // The server answers exactly as for a new address (and mails the owner); the sign-in that
  // follows fails, as it would on the sign-in form.
  await expect(page.getByRole("alert")).toContainText(
    "Check your email to continue. If this email already has an account, sign in instead",
  );
  // The owner, who knows the password, is simply signed in.
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Ready to collect?" })).toBeVisible();
});

test("a signed-out visit to /profile comes back to /profile after sign-in", async ({ page, readyUser }) => {
  await page.context().clearCookies();
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/sign-in\?returnTo=%2Fprofile/);
  await page.getByLabel("Email").fill(readyUser.email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByLabel("Display Name")).toHaveValue(readyUser.profileName);
});

test("unknown paths show the not-found page; signed in without a profile goes to setup", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page.getByText("404 Page Not Found")).toBeVisible();
  await signUpAndIn(page, uniqueEmail("nosetup"));
  await page.goto("/payment-methods");
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.getByLabel("Profile Name")).toBeVisible();
});
