import { createHmac, timingSafeEqual } from "node:crypto";
import { NOTIFICATION_EVENTS, type NotificationEvent } from "#shared/schemas/notifications.ts";

/**
 * The one-click unsubscribe link of a notification email (RFC 8058): `<event>.<userId>.<mac>`,
 * the MAC an HMAC-SHA256 of the user and the event under the server's secret. It works without
 * signing in and turns off that one event's email for that one user, nothing else.
 */
export const UNSUBSCRIBE_TOKEN =
  /^(view|claim|reminder|recurring|digest)\.([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{43})$/;

function mac(secret: string, userId: string, event: NotificationEvent): string {
  return createHmac("sha256", secret).update(`collect-unsubscribe\0${userId}\0${event}`).digest("base64url");
}

export function unsubscribeToken(secret: string, userId: string, event: NotificationEvent): string {
  return `${event}.${userId}.${mac(secret, userId, event)}`;
}

/** The user and event a token names, or null when it is not one of ours. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; event: NotificationEvent } | null {
  const match = UNSUBSCRIBE_TOKEN.exec(token);
  if (!match) return null;
  const event = match[1] as NotificationEvent;
  const userId = match[2] as string;
  if (!NOTIFICATION_EVENTS.includes(event)) return null;
  const expected = Buffer.from(mac(secret, userId, event));
  const given = Buffer.from(match[3] as string);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { userId, event } : null;
}

export function unsubscribeUrl(publicUrl: string, token: string): string {
  return new URL(`/api/notifications/unsubscribe/${token}`, publicUrl).toString();
}
