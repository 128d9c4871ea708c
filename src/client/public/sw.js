// Collect's service worker: Web Push only (issue 22). It has no fetch handler, so it never
// changes how pages load. Served as-is from /sw.js (Vite copies public/ to the build's root),
// so it is plain JS and cannot import the shared zod schema: isPayload() checks the same shape
// as PushPayloadSchema in src/shared/schemas/push.ts by hand.

const EVENTS = ["view", "claim", "reminder", "recurring", "digest"];
const SUBSCRIPTIONS_URL = "/api/notifications/push-subscriptions";

/** A same-origin path: one "/", never "//" or "/\" (another host to a browser). */
const isPath = (url) => typeof url === "string" && /^\/(?![/\\])/.test(url);

function isPayload(value) {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof value.title === "string" &&
    value.title.length > 0 &&
    typeof value.body === "string" &&
    isPath(value.url) &&
    (value.tag === undefined || typeof value.tag === "string") &&
    EVENTS.includes(value.event)
  );
}

// A new version takes over at once: with no fetch handler there is no page state to protect,
// and notificationclick needs to control open tabs to navigate them.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  let payload = null;
  try {
    payload = event.data ? event.data.json() : null;
  } catch {
    // Not JSON: fall through to the generic notification.
  }
  // Browsers require every push to show something (userVisibleOnly), so a payload we cannot
  // read still gives a plain notification that opens Home.
  if (!isPayload(payload)) payload = { title: "Collect", body: "", url: "/" };
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      // The same tag replaces an older notification about the same request instead of stacking.
      tag: payload.tag,
      data: { url: payload.url },
      icon: "/icon-192.png",
      badge: "/icon-192.png",
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const data = event.notification.data;
  const url = new URL(data && isPath(data.url) ? data.url : "/", self.location.origin).href;
  event.waitUntil(openCollect(url));
});

/** Focus a Collect tab already open and take it to `url`, or open a new window there. */
async function openCollect(url) {
  const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  for (const tab of tabs) {
    if (new URL(tab.url).origin !== self.location.origin) continue;
    try {
      const focused = await tab.focus();
      // navigate() works only on tabs this worker controls; clients.claim() makes that all of them.
      if (focused && focused.url !== url) await focused.navigate(url);
      return;
    } catch {
      // An uncontrolled or closing tab: try the next one, then a new window.
    }
  }
  await self.clients.openWindow(url);
}

// The push service replaced or expired the subscription: subscribe again with the same server key
// and tell the server. The old endpoint is dropped server-side when its push service answers 410.
self.addEventListener("pushsubscriptionchange", (event) => {
  event.waitUntil(resubscribe(event));
});

async function resubscribe(event) {
  let subscription = event.newSubscription;
  if (!subscription) {
    const key = event.oldSubscription?.options?.applicationServerKey;
    if (!key) return; // Nothing to subscribe with; the Profile screen offers "Notify this device" again.
    subscription = await self.registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    });
  }
  const { endpoint, keys } = subscription.toJSON();
  await fetch(SUBSCRIPTIONS_URL, {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } }),
  });
}
