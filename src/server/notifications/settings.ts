import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { notificationSettings, users } from "#server/db/schema.ts";
import type { QuietHours } from "#shared/schedule/quiet-hours.ts";
import {
  channelsWithDefaults,
  DEFAULT_TIME_ZONE,
  type NotificationChannels,
} from "#shared/schemas/notifications.ts";

/** A user's notification preferences with the defaults filled in (no row yet: all defaults). */
export type NotificationPrefs = {
  email: string;
  /** The account's language (Profile → Language); null: none chosen, English. */
  language: string | null;
  channels: NotificationChannels;
  quietHours: QuietHours;
  digestHour: number | null;
  timeZone: string;
  /** Default reminder days of new requests; null: the rule. */
  reminderDays: number[] | null;
};

export async function loadPrefs(db: Db, userId: string): Promise<NotificationPrefs | null> {
  const [row] = await db
    .select({
      email: users.email,
      language: users.language,
      timeZone: users.timeZone,
      reminderDays: users.reminderDays,
      channels: notificationSettings.channels,
      quietStart: notificationSettings.quietStart,
      quietEnd: notificationSettings.quietEnd,
      digestHour: notificationSettings.digestHour,
    })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return null;
  return {
    email: row.email,
    language: row.language,
    channels: channelsWithDefaults(row.channels),
    quietHours: { start: row.quietStart ?? "21:00", end: row.quietEnd ?? "08:00" },
    digestHour: row.digestHour ?? null,
    timeZone: row.timeZone ?? DEFAULT_TIME_ZONE,
    reminderDays: row.reminderDays ?? null,
  };
}
