import { SERVICE_WORKER_URL } from "#client/lib/service-worker.ts";
import type { PushSubscriptionInput } from "#shared/schemas/push.ts";
import { saveSubscription } from "./api";

/** What this browser can do about Web Push. */
export type PushSupport = "unsupported" | "denied" | "default" | "granted";

export function pushSupport(): PushSupport {
  if (typeof window === "undefined") return "unsupported";
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    return "unsupported";
  }
  return Notification.permission;
}

/**
 * A short name for this device, so the list of devices tells them apart. Sent and kept in
 * English (brand names as they are); Profile shows it through `i18n._`.
 */
export function deviceLabel(userAgent = navigator.userAgent): string {
  if (/iPhone/.test(userAgent)) return "iPhone";
  if (/iPad/.test(userAgent)) return "iPad";
  if (/Android/.test(userAgent))
    return /Mobile/.test(userAgent) ? /*i18n*/ "Android phone" : /*i18n*/ "Android tablet";
  if (/Macintosh/.test(userAgent)) return "Mac";
  if (/Windows/.test(userAgent)) return /*i18n*/ "Windows computer";
  if (/CrOS/.test(userAgent)) return "Chromebook";
  if (/Linux/.test(userAgent)) return /*i18n*/ "Linux computer";
  return /*i18n*/ "This browser";
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(value.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/" });
  return navigator.serviceWorker.ready;
}

/** This browser's current subscription, if it has one (no prompt). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== "granted") return null;
  const found = await navigator.serviceWorker.getRegistration("/");
  return (await found?.pushManager.getSubscription()) ?? null;
}

/**
 * "Notify this device": asks for permission (this must run in the click), subscribes with the
 * server's public key and saves the subscription. Returns the permission the person gave.
 */
export async function notifyThisDevice(publicKey: string): Promise<NotificationPermission> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return permission;
  const worker = await registration();
  const subscription =
    (await worker.pushManager.getSubscription()) ??
    (await worker.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlToBytes(publicKey),
    }));
  const saved = (await saveSubscription({
    ...(subscription.toJSON() as PushSubscriptionInput),
    deviceLabel: deviceLabel(),
  })) as { id: string };
  localStorage.setItem(DEVICE_KEY, saved.id);
  return permission;
}

const DEVICE_KEY = "collect.push-device";

/** The server's id of this browser's subscription, as saved by notifyThisDevice. */
export function thisDeviceId(): string | null {
  return typeof localStorage === "undefined" ? null : localStorage.getItem(DEVICE_KEY);
}

/** Stops this browser's subscription (the server forgets it with `remove`). */
export async function stopThisDevice(): Promise<void> {
  const subscription = await currentSubscription();
  await subscription?.unsubscribe();
  localStorage.removeItem(DEVICE_KEY);
}
