import { type SigningSecret, sign, verify } from "#server/lib/signed-token.ts";
import { NOTIFICATION_EVENTS, type NotificationEvent } from "#shared/schemas/notifications.ts";

/**
 * The one-click unsubscribe link of a notification email (RFC 8058): `<event>.<userId>.<mac>`,
 * signed for its own purpose (lib/signed-token.ts), the whole 43-character MAC. It works without
 * signing in and turns off that one event's email for that one user, nothing else.
 */
export const UNSUBSCRIBE_TOKEN =
  /^(view|claim|reminder|recurring|digest)\.([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{43})$/;

export function unsubscribeToken(secret: SigningSecret, userId: string, event: NotificationEvent): string {
  return sign(secret, "unsubscribe", `${event}.${userId}`);
}

/** The user and event a token names, or null when it is not one of ours. */
export function readUnsubscribeToken(
  secret: SigningSecret,
  token: string,
): { userId: string; event: NotificationEvent } | null {
  const match = UNSUBSCRIBE_TOKEN.exec(token);
  if (!match) return null;
  const event = match[1] as NotificationEvent;
  const userId = match[2] as string;
  if (!NOTIFICATION_EVENTS.includes(event)) return null;
  return verify(secret, "unsubscribe", token) === null ? null : { userId, event };
}

export function unsubscribeUrl(publicUrl: string, token: string): string {
  return new URL(`/api/notifications/unsubscribe/${token}`, publicUrl).toString();
}
