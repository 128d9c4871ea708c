import { and, asc, desc, eq, notInArray, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { notificationSettings, pushSubscriptions, users } from "#server/db/schema.ts";
import { CAPS } from "#server/limits.ts";
import { loadPrefs } from "#server/notifications/settings.ts";
import type {
  NotificationChannels,
  NotificationEvent,
  NotificationSettingsInput,
  PushSubscriptionView,
} from "#shared/schemas/notifications.ts";
import type { PushSubscriptionInput } from "#shared/schemas/push.ts";

export async function listSubscriptions(db: Db, userId: string): Promise<PushSubscriptionView[]> {
  const rows = await db
    .select({
      id: pushSubscriptions.id,
      deviceLabel: pushSubscriptions.deviceLabel,
      createdAt: pushSubscriptions.createdAt,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/**
 * A partial update: the stored switches are merged with the given ones (row locked, so two
 * quick toggles from two tabs both count), quiet hours and digest hour replaced when given.
 */
export async function updateSettings(
  db: Db,
  userId: string,
  input: NotificationSettingsInput,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (input.timeZone || input.reminderDays !== undefined) {
      await tx
        .update(users)
        .set({
          ...(input.timeZone ? { timeZone: input.timeZone } : {}),
          ...(input.reminderDays !== undefined ? { reminderDays: input.reminderDays } : {}),
        })
        .where(eq(users.id, userId));
    }
    await tx.insert(notificationSettings).values({ userId }).onConflictDoNothing();
    const [row] = await tx
      .select({ channels: notificationSettings.channels })
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, userId))
      .for("update");
    const stored = (row?.channels ?? {}) as Partial<Record<NotificationEvent, Record<string, boolean>>>;
    const channels: Record<string, Record<string, boolean>> = { ...stored };
    for (const [event, switches] of Object.entries(input.channels ?? {})) {
      if (switches) channels[event] = { ...(stored[event as NotificationEvent] ?? {}), ...switches };
    }
    await tx
      .update(notificationSettings)
      .set({
        channels,
        ...(input.quietHours ? { quietStart: input.quietHours.start, quietEnd: input.quietHours.end } : {}),
        ...(input.digestHour !== undefined ? { digestHour: input.digestHour } : {}),
      })
      .where(eq(notificationSettings.userId, userId));
  });
}

/** Turns off one event's email (the one-click unsubscribe). False when the user is gone. */
export async function turnOffEmail(db: Db, userId: string, event: NotificationEvent): Promise<boolean> {
  const prefs = await loadPrefs(db, userId);
  if (!prefs) return false;
  await updateSettings(db, userId, {
    channels: { [event]: { email: false } } as Partial<NotificationChannels>,
  });
  return true;
}

/**
 * Saves a browser's subscription for the caller. One user and one device: an endpoint this user
 * saved before takes the browser's current keys; one saved by another account (who signed out on
 * this device) becomes this user's only when the same keys come with it, which only that browser
 * holds. Otherwise nothing changes and the answer is null: knowing an endpoint is no proof of
 * holding the device, and moving it would take the first account's notifications away.
 */
export async function saveSubscription(
  db: Db,
  userId: string,
  input: PushSubscriptionInput,
): Promise<PushSubscriptionView | null> {
  const [row] = await db
    .insert(pushSubscriptions)
    .values({
      userId,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      deviceLabel: input.deviceLabel ?? null,
    })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        deviceLabel: input.deviceLabel ?? null,
        // A moved subscription starts afresh for its new owner.
        createdAt: sql`now()`,
        lastSuccessAt: null,
      },
      setWhere: sql`${pushSubscriptions.userId} = excluded.user_id OR (${pushSubscriptions.p256dh} = excluded.p256dh AND ${pushSubscriptions.auth} = excluded.auth)`,
    })
    .returning({
      id: pushSubscriptions.id,
      deviceLabel: pushSubscriptions.deviceLabel,
      createdAt: pushSubscriptions.createdAt,
    });
  if (!row) return null;
  // Past the cap, the devices heard from longest ago go (each one is sent every notification).
  await db.delete(pushSubscriptions).where(
    and(
      eq(pushSubscriptions.userId, userId),
      notInArray(
        pushSubscriptions.id,
        db
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, userId))
          .orderBy(
            desc(sql`greatest(${pushSubscriptions.createdAt}, ${pushSubscriptions.lastSuccessAt})`),
            desc(pushSubscriptions.id),
          )
          .limit(CAPS.perAccount.pushDevices),
      ),
    ),
  );
  return { ...row, createdAt: row.createdAt.toISOString() };
}

export async function deleteSubscription(db: Db, userId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}

export async function subscriptionsOf(db: Db, userId: string) {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}
