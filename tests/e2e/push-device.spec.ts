import type { BrowserContext, Page } from "@playwright/test";
import { BASE } from "../../playwright.config";
import { CHROMIUM_ARGS, CHROMIUM_BROWSER_PATH } from "../chromium";
import { expect, notificationSettings, signedInTest as test } from "./fixtures";

/**
 * Profile → "Notify this device" in Chromium (issue 22 item 1), with the build's service worker.
 *
 * The one part replaced is the browser's push service: headless Chromium subscribes through
 * Firebase Cloud Messaging, which this machine (and CI) cannot reach, so `PushManager.subscribe`
 * is swapped for one that makes what a browser makes (a fresh P-256 key pair and 16-byte auth
 * secret, an FCM endpoint) and records the server key it was asked to subscribe with. Everything
 * else is Collect's own: the permission prompt in the click, the subscription saved and listed,
 * the service worker showing a push (delivered to it through the DevTools protocol, as DevTools'
 * "Push" button does), and stopping. The server's half — encrypting to that key pair, VAPID,
 * a 410 removing the device — is decrypted by a test push service in the API suite
 * (src/server/test/push-sink.ts).
 */
//
// In the whole browser, not the headless shell the other specs use: the shell has no notification
// service (`Notification.permission` is "denied" there whatever is granted, and nothing can be shown).
test.use({
  serviceWorkers: "allow",
  launchOptions: { executablePath: CHROMIUM_BROWSER_PATH, args: CHROMIUM_ARGS },
});

const STORED = "e2e.push-subscription";

/** Runs in the page before the app: a stand-in for the browser's push service (see above). */
function fakePushService(storedKey: string) {
  const base64url = (bytes: ArrayBuffer | ArrayBufferView) => {
    const view =
      bytes instanceof ArrayBuffer
        ? new Uint8Array(bytes)
        : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return btoa(String.fromCharCode(...view))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
  };
  type Stored = { endpoint: string; keys: { p256dh: string; auth: string }; serverKey: string };
  const subscriptionOf = (stored: Stored) => ({
    endpoint: stored.endpoint,
    expirationTime: null,
    toJSON: () => ({ endpoint: stored.endpoint, expirationTime: null, keys: stored.keys }),
    unsubscribe: async () => {
      localStorage.removeItem(storedKey);
      return true;
    },
  });
  PushManager.prototype.getSubscription = async () => {
    const stored = localStorage.getItem(storedKey);
    return (stored ? subscriptionOf(JSON.parse(stored)) : null) as unknown as PushSubscription;
  };
  PushManager.prototype.subscribe = async (options) => {
    const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"]);
    const stored: Stored = {
      endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${crypto.randomUUID()}`,
      keys: {
        p256dh: base64url(await crypto.subtle.exportKey("raw", pair.publicKey)),
        auth: base64url(crypto.getRandomValues(new Uint8Array(16))),
      },
      serverKey: base64url(options?.applicationServerKey as ArrayBufferView),
    };
    localStorage.setItem(storedKey, JSON.stringify(stored));
    return subscriptionOf(stored) as unknown as PushSubscription;
  };
}

/** Delivers `data` to the page's service worker as a push message, as DevTools' "Push" button does. */
async function deliverPush(context: BrowserContext, page: Page, data: string) {
  // To the worker that is active (not one still installing).
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${BASE}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin: BASE,
    registrationId: await registrationId,
    data,
  });
  await cdp.detach();
}

/**
 * Delivers a push and waits until `shown` passes, delivering again if it has not within 4 s: now
 * and then (one run in about ten, in CI and here) Chromium dropped a push delivered through the
 * DevTools protocol, and the notification never came. A push with the same tag replaces the one
 * shown, so a second delivery cannot show two.
 */
async function pushUntilShown(context: BrowserContext, page: Page, data: string, shown: () => Promise<void>) {
  await expect(async () => {
    await deliverPush(context, page, data);
    await expect(shown).toPass({ timeout: 4_000 });
  }).toPass({ timeout: 20_000 });
}

/** The notifications the service worker is showing: title, body and the link it opens. */
function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      data: n.data,
    }));
  });
}

test("Notify this device subscribes with the server's key, lists the phone, shows a push and stops", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["notifications"], { origin: BASE });
  await page.addInitScript(fakePushService, STORED);
  await page.goto("/profile");
  const settings = await notificationSettings(page);
  expect(settings.push.configured).toBe(true);
  expect(settings.subscriptions).toEqual([]);

  await page.getByRole("button", { name: "Notify this device" }).click();
  await expect(page.getByText("Notifications on")).toBeVisible();
  const devices = page.getByRole("list", { name: "Devices that get notifications" });
  // Pixel 7's browser: named so the list tells devices apart, and marked as the one in hand.
  await expect(devices.getByRole("listitem")).toHaveText(["Android phone (this device)"]);
  const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "null"), STORED);
  expect(stored.serverKey, "subscribed with the server's VAPID public key").toBe(settings.push.publicKey);
  const saved = (await notificationSettings(page)).subscriptions;
  expect(saved).toHaveLength(1);
  expect(saved[0].deviceLabel).toBe("Android phone");

  // A push as the server sends one for a claim (routes/pay/notifications.ts; the payload the worker reads)…
  const claim = {
    title: "Alex Rivera says they paid $25.00 with Venmo",
    body: "Alex Rivera says they paid $25.00 with Venmo. Check your Venmo and mark the request paid in Collect.",
    url: "/?request=00000000-0000-4000-8000-000000000001",
  };
  const payload = { ...claim, event: "claim", tag: "claim:00000000-0000-4000-8000-000000000001" };
  await pushUntilShown(context, page, JSON.stringify(payload), async () =>
    expect(await shownNotifications(page)).toEqual([
      { title: claim.title, body: claim.body, data: { url: claim.url } },
    ]),
  );

  // …and one the worker cannot read (not JSON, or a link off the site) still shows something that opens Home.
  await pushUntilShown(
    context,
    page,
    JSON.stringify({ ...payload, tag: "other", url: "//evil.example/" }),
    async () => expect((await shownNotifications(page)).map((n) => n.title)).toContain("Collect"),
  );
  const generic = (await shownNotifications(page)).find((n) => n.title === "Collect");
  expect(generic?.data).toEqual({ url: "/" });

  // After a reload the page still knows this is the subscribed device and offers the test push.
  await page.reload();
  await expect(devices.getByRole("listitem")).toHaveText(["Android phone (this device)"]);
  await expect(page.getByRole("button", { name: "Send a test notification" })).toBeVisible();

  // Stop: the browser unsubscribes and the server forgets the device.
  await page.getByRole("button", { name: "Stop notifying Android phone (this device)" }).click();
  await expect(page.getByText("Device removed")).toBeVisible();
  await expect(devices).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Notify this device" })).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), STORED)).toBeNull();
  expect((await notificationSettings(page)).subscriptions).toEqual([]);
});

test("notifications blocked for the site: the section says how to allow them instead of offering the button", async ({
  page,
  context,
  browser,
}) => {
  // What a person who once answered Block has: the permission "denied" for this origin.
  const cdp = await browser.newBrowserCDPSession();
  await cdp.send("Browser.setPermission", {
    permission: { name: "notifications" },
    setting: "denied",
    origin: BASE,
    browserContextId: await contextId(context),
  });
  await page.goto("/profile");
  await expect(
    page.getByRole("status").filter({ hasText: "Notifications are blocked for Collect" }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Notify this device" })).toHaveCount(0);
  await cdp.detach();
});

/** The DevTools protocol's id of a Playwright context (for Browser.setPermission). */
async function contextId(context: BrowserContext): Promise<string> {
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  const { targetInfo } = await cdp.send("Target.getTargetInfo");
  await cdp.detach();
  return targetInfo.browserContextId as string;
}
