import { z } from "zod";
import { DigestHourSchema } from "#shared/schedule/digest.ts";
import { DEFAULT_QUIET_HOURS, QuietHoursSchema } from "#shared/schedule/quiet-hours.ts";
import { ReminderDaysSchema } from "#shared/schedule/reminders.ts";
import { canonicalTimeZone, isValidTimeZone } from "#shared/schedule/zoned.ts";
import { PUSH_EVENTS, type PushEvent } from "./push";

/** What a notification is about (docs/decisions/024-chasing.md), in the order Profile → Notifications lists them. */
export const NOTIFICATION_EVENTS = PUSH_EVENTS;
export type NotificationEvent = PushEvent;
export const NOTIFICATION_CHANNELS = ["email", "push"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** The zone a user's dates are read in until their browser reports one (db/schema.ts user.time_zone). */
export const DEFAULT_TIME_ZONE = "America/New_York";

export type ChannelSwitches = { email: boolean; push: boolean };
export type NotificationChannels = Record<NotificationEvent, ChannelSwitches>;

/**
 * The defaults: claims and due reminders by email and push, views by push only,
 * ready recurring requests by both. The digest is off until an hour is chosen (`digestHour`
 * null); once it is, it comes by email unless the switches say otherwise.
 */
export const DEFAULT_CHANNELS: NotificationChannels = {
  view: { email: false, push: true },
  claim: { email: true, push: true },
  reminder: { email: true, push: true },
  recurring: { email: true, push: true },
  digest: { email: true, push: false },
};

/** What each event is called on the settings screen and in the unsubscribe page. */
export const NOTIFICATION_EVENT_LABELS: Record<NotificationEvent, string> = {
  view: /*i18n*/ "Someone opens your request",
  claim: /*i18n*/ "Someone says they paid",
  reminder: /*i18n*/ "A reminder is due",
  recurring: /*i18n*/ "A recurring request is ready",
  digest: /*i18n*/ "Daily summary",
};

/** The stored switches over the defaults: a row written before an event existed still reads whole. */
export function channelsWithDefaults(stored: unknown): NotificationChannels {
  const given = (stored && typeof stored === "object" ? stored : {}) as Record<string, unknown>;
  const result = {} as NotificationChannels;
  for (const event of NOTIFICATION_EVENTS) {
    const own = Object.hasOwn(given, event) ? (given[event] as Partial<ChannelSwitches> | null) : null;
    result[event] = {
      email: typeof own?.email === "boolean" ? own.email : DEFAULT_CHANNELS[event].email,
      push: typeof own?.push === "boolean" ? own.push : DEFAULT_CHANNELS[event].push,
    };
  }
  return result;
}

const TIME_ZONE_MESSAGE = "Time zone: a zone name such as America/New_York.";

export const TimeZoneSchema = z
  .string(TIME_ZONE_MESSAGE)
  .max(64, TIME_ZONE_MESSAGE)
  .refine((zone) => isValidTimeZone(zone), TIME_ZONE_MESSAGE)
  // Kept in the runtime's spelling ("america/new_york" → "America/New_York"): one name per zone.
  .transform((zone) => canonicalTimeZone(zone) ?? zone);

const SwitchesSchema = z.strictObject({
  email: z.boolean(/*i18n*/ "Email: on or off.").optional(),
  push: z.boolean(/*i18n*/ "Push: on or off.").optional(),
});

const ChannelsInputSchema = z.strictObject(
  Object.fromEntries(NOTIFICATION_EVENTS.map((event) => [event, SwitchesSchema.optional()])) as Record<
    NotificationEvent,
    z.ZodOptional<typeof SwitchesSchema>
  >,
);

/** PUT /api/notifications/settings: any part; what is left out stays as it was. */
export const NotificationSettingsInputSchema = z.strictObject({
  channels: ChannelsInputSchema.optional(),
  quietHours: QuietHoursSchema.optional(),
  digestHour: DigestHourSchema.nullable().optional(),
  timeZone: TimeZoneSchema.optional(),
  /** The requester's default reminder days for new requests; null: the rule. */
  reminderDays: ReminderDaysSchema.nullable().optional(),
});
export type NotificationSettingsInput = z.infer<typeof NotificationSettingsInputSchema>;

/** PUT /api/notifications/time-zone: what the browser detects, stored once signed in. */
export const TimeZoneInputSchema = z.strictObject({ timeZone: TimeZoneSchema });
export type TimeZoneInput = z.infer<typeof TimeZoneInputSchema>;

const ChannelSwitchesSchema = z.object({ email: z.boolean(), push: z.boolean() });

export const PushSubscriptionSchema = z.object({
  id: z.string(),
  deviceLabel: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type PushSubscriptionView = z.infer<typeof PushSubscriptionSchema>;

export const NotificationSettingsSchema = z.object({
  channels: z.object(
    Object.fromEntries(NOTIFICATION_EVENTS.map((event) => [event, ChannelSwitchesSchema])) as Record<
      NotificationEvent,
      typeof ChannelSwitchesSchema
    >,
  ),
  quietHours: z.object({ start: z.string(), end: z.string() }),
  digestHour: z.number().int().nullable(),
  timeZone: z.string(),
  /** Default reminder days of new requests; null: the rule (due date and 3 days after, else 3 and 7). */
  reminderDays: z.array(z.number().int()).nullable(),
  /** Whether this server sends Web Push, and the key browsers subscribe with. */
  push: z.object({ configured: z.boolean(), publicKey: z.string().nullable() }),
  /** The caller's subscribed devices. */
  subscriptions: z.array(PushSubscriptionSchema),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

export const DEFAULT_SETTINGS = {
  channels: DEFAULT_CHANNELS,
  quietHours: DEFAULT_QUIET_HOURS,
  digestHour: null,
} as const;

/**
 * "8:00 AM" for 8, "12:00 PM" for 12, "12:00 AM" for 0: the digest hour's label; in another
 * language as it writes the hour ("8:00" and "20:00" in German).
 */
export function hourLabel(hour: number, locale = "en-US"): string {
  if (locale !== "en-US") {
    const at = new Date(Date.UTC(2000, 0, 1, hour));
    return at.toLocaleTimeString(locale, { hour: "numeric", minute: "2-digit", timeZone: "UTC" });
  }
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}:00 ${hour < 12 ? "AM" : "PM"}`;
}
