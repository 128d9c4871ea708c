import { BASE } from "../../playwright.config";
import { apiCall, expect, expectAccessible, signedInTest as test } from "./fixtures";

// The one spec with the build's service worker on (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: "allow" });

/** Every URL in Cache Storage, whichever cache holds it. */
function cachedUrls(page: import("@playwright/test").Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });
}

test("an installed Collect opened offline shows its shell and says so, never a cached pay page or API answer", async ({
  page,
  context,
}) => {
  const { request } = await apiCall(page, "POST", "/api/payment-requests", {
    recipientName: "Sam Lee",
    recipientPhone: "2125550101",
    amount: "25.50",
    description: "Pizza night",
  });
  const payPath = new URL(request.shortUrl).pathname;

  // Online: Home, and the payer's page seen once (so a worker that kept pages would have it).
  await page.goto(payPath);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.goto("/");
  await expect(page.getByText("Pizza night").first()).toBeVisible();
  // The worker installed (the shell precached) and controlling this page.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect(page.getByText("You're offline.")).toHaveCount(0);

  await context.setOffline(true);
  await page.reload();
  // The app's shell, not the browser's error page: the banner, and the account it cannot load.
  await expect(page.getByText("You're offline.")).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("We couldn't load your account");
  await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
  expect(await page.title()).not.toBe("");
  await expectAccessible(page, "the offline shell");

  // Another of the app's routes, opened from the address bar while offline: the shell again.
  await page.goto("/archive");
  await expect(page.getByText("You're offline.")).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("We couldn't load your account");

  // Back online: the app loads the account by itself, without a reload, and the banner goes.
  await context.setOffline(false);
  await expect(page.getByRole("heading", { name: "Archive", level: 1 })).toBeVisible();
  await expect(page.getByText("Pizza night").first()).toBeVisible();
  await expect(page.getByText("You're offline.")).toHaveCount(0);

  // Nothing personal kept, after all those API calls: the caches hold the shell's files, no /api
  // answer and no pay page.
  const urls = await cachedUrls(page);
  const cachedPaths = urls.map((url) => new URL(url).pathname);
  expect(cachedPaths).toContain("/index.html");
  expect(cachedPaths.filter((path) => path.startsWith("/assets/")).length).toBeGreaterThan(5);
  expect(cachedPaths.filter((path) => /^\/(api|pay|objects)(\/|$)/.test(path))).toEqual([]);
  expect(urls.every((url) => url.startsWith(`${BASE}/`))).toBe(true);

  // The pay page is the server's, always fresh: offline it is not answered from the worker.
  await context.setOffline(true);
  const payError = await page.goto(payPath).then(
    () => null,
    (error: Error) => error.message,
  );
  expect(payError).toMatch(/ERR_INTERNET_DISCONNECTED/);
});
