import { apiCall, expect, signUpAndIn, test, toast, uniqueEmail } from "./fixtures";

// Issue 23 items 4 and 3: methods a requester can actually be paid with.

test("a Zelle-only person finishes Setup: the spec's three first, then Zelle", async ({ page }) => {
  await signUpAndIn(page, uniqueEmail("zelle"));
  await page.goto("/setup");
  await page.getByLabel("Profile Name").fill("Zoe Zelle");
  const boxes = page.getByRole("checkbox");
  await expect(boxes).toHaveCount(4);
  for (const [i, name] of ["PayPal", "Venmo", "Cash App", "Zelle"].entries()) {
    await expect(boxes.nth(i)).toHaveAccessibleName(name);
  }
  await page.getByRole("checkbox", { name: "Zelle" }).click();
  await page.getByLabel("Zelle handle").fill("12345");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(toast(page, "Invalid Handle")).toContainText("Zelle");
  await page.getByLabel("Zelle handle").fill("(212) 555-0101");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(toast(page, "Profile Created")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Ready to collect?" })).toBeVisible();
  await page.goto("/payment-methods");
  await expect(page.getByLabel("Zelle handle")).toHaveValue("(212) 555-0101");
});

test("Google Pay alone: Payment Methods and Request Payment warn, adding Zelle clears it", async ({
  page,
}) => {
  await signUpAndIn(page, uniqueEmail("gpay"));
  await apiCall(page, "POST", "/api/auth/setup", {
    profileName: "Gail Pay",
    paymentAccounts: [{ provider: "googlepay", accountHandle: "2125550107" }],
  });
  const warning = page.getByRole("alert").filter({ hasText: "no way to pay you" });

  await page.goto("/request");
  await expect(warning).toContainText("Google Pay no longer sends money between people in the US");
  await warning.getByRole("link", { name: "Payment Methods" }).click();
  await expect(page).toHaveURL(/\/payment-methods$/);

  await expect(page.getByLabel("Google Pay handle")).toHaveValue("2125550107");
  await expect(warning).toBeVisible();
  await page.getByRole("checkbox", { name: "Zelle" }).click();
  await expect(warning).toHaveCount(0);
  await page.getByLabel("Zelle handle").fill("gail@example.com");
  await page.getByRole("button", { name: "Update", exact: true }).click();
  await expect(toast(page, "Payment Methods Updated")).toBeVisible();

  await page.goto("/request");
  await expect(page.getByLabel("Amount")).toBeVisible();
  await expect(warning).toHaveCount(0);
});
