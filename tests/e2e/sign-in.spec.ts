import { expect, PASSWORD, signedInTest, test, uniqueEmail } from "./fixtures";

test("Get Started opens Create your account; the next visit says Welcome back", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Get Started" }).click();
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in" })).toHaveCount(0);

  // Show password reveals what was typed, Hide masks it again.
  const password = page.getByLabel("Password");
  await password.fill("a common one?");
  await expect(password).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Hide" }).click();
  await expect(password).toHaveAttribute("type", "password");

  // A password everyone uses is refused with a sentence.
  const email = uniqueEmail("views");
  await page.getByLabel("Email").fill(email);
  await password.fill("password1");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("alert")).toContainText("10,000 most common");
  await password.fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByLabel("Profile Name")).toBeVisible();

  await page.getByRole("button", { name: "Back" }).click();
  await page
    .getByRole("dialog", { name: "Sign out? Your setup isn't saved." })
    .getByRole("button", { name: "Sign out" })
    .click();
  await expect(page.getByRole("link", { name: "Get Started" })).toBeVisible();
  await page.getByRole("link", { name: "Get Started" }).click();
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Create account" })).toHaveCount(0);
  // Either view links to the other.
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await page.getByRole("link", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByLabel("Profile Name")).toBeVisible();
});

signedInTest("a sign-out link on another site only asks", async ({ page, baseURL }) => {
  // Another site's page (served by the browser itself) with a link to our GET /api/logout.
  await page.route("https://elsewhere.example/", (route) =>
    route.fulfill({ contentType: "text/html", body: `<a href="${baseURL}/api/logout">Win a prize</a>` }),
  );
  await page.goto("https://elsewhere.example/");
  await page.getByRole("link", { name: "Win a prize" }).click();
  await expect(page.getByRole("heading", { name: "Sign out?" })).toBeVisible();
  await page.getByRole("link", { name: "Stay signed in" }).click();
  await expect(page.getByRole("heading", { name: "Ready to collect?" })).toBeVisible();
});

signedInTest("the sign-out page signs out only when asked", async ({ page }) => {
  await page.goto("/sign-out");
  await expect(page.getByRole("heading", { name: "Sign out?" })).toBeVisible();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("link", { name: "Get Started" })).toBeVisible();
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/sign-in\?returnTo=%2Fprofile/);
});

test("offers Continue with the single sign-on provider when the server has one", async ({ page }) => {
  // The server's answer for a configured provider (its API test: users/oidc.test.ts).
  await page.route("/api/auth/sign-in-options", (route) =>
    route.fulfill({ json: { password: true, oidc: { name: "Acme SSO" } } }),
  );
  await page.goto("/sign-in?returnTo=%2Fprofile");
  const sso = page.getByRole("link", { name: "Continue with Acme SSO" });
  await expect(sso).toHaveAttribute("href", "/api/login?provider=oidc&returnTo=%2Fprofile");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
});
