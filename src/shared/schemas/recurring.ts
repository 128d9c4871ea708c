import { z } from "zod";
import { CurrencySchema } from "#shared/currency.ts";
import { decimalMarkOf } from "#shared/region.ts";
import {
  checkRecurringSchedule,
  type Frequency,
  FrequencySchema,
  nextOccurrence,
  occurrenceAt,
  occurrences,
  RECURRING_MESSAGES,
  RecurringScheduleShape,
  recurringScheduleIssues,
} from "#shared/schedule/recurrence.ts";
import { REMINDER_MESSAGES, ReminderDaysSchema } from "#shared/schedule/reminders.ts";
import { typedAmount } from "#shared/typed-amount.ts";
import {
  AmountTextSchema,
  amountSchemaIn,
  DescriptionSchema,
  type InputRegion,
  PayerEmailSchema,
  perRegion,
  phoneSchemaFor,
  RecipientNameSchema,
  RequestStatusSchema,
  US_INPUT,
} from "./payment-request";

/**
 * Recurring requests (docs/decisions/024-chasing.md): a series makes an ordinary payment request at 9:00 in the
 * requester's zone on each occurrence date (server/recurring/recurring.ts).
 */

/** The series' fields as the region reads them: its numbers, and amounts in its currency. */
const recurringFields = (region: InputRegion) => ({
  recipientName: RecipientNameSchema,
  recipientPhone: phoneSchemaFor(region),
  payerEmail: PayerEmailSchema,
  amount: amountSchemaIn(region.currency),
  /** ISO 4217; absent: the account's currency (the route picks the region of the one named). */
  currency: CurrencySchema.optional(),
  description: DescriptionSchema,
  ...RecurringScheduleShape,
});

/** POST /api/recurring-requests, checked without knowing today (the route adds `today`'s checks). */
export const recurringRequestInputIn = perRegion((region) =>
  z.strictObject(recurringFields(region)).superRefine(checkRecurringSchedule()),
);
export const RecurringRequestInputSchema = recurringRequestInputIn(US_INPUT);
export type RecurringRequestInput = z.input<typeof RecurringRequestInputSchema>;

/** The same, with "from today on, within a year" for the requester's `today` (their zone's date). */
export function recurringRequestInputSchemaFor(today: string, region: InputRegion = US_INPUT) {
  return z.strictObject(recurringFields(region)).superRefine(checkRecurringSchedule(today));
}

export const RECURRING_UPDATE_MESSAGES = {
  empty:
    /*i18n*/ "Send what to change: paused, the person, their email, the amount, the description, the days ahead or the reminder days.",
  ended: /*i18n*/ "This series has ended; start a new one instead.",
  notFound: /*i18n*/ "Recurring request not found",
  tooMany: /*i18n*/ "You have 100 recurring requests that have not ended; end one before you start another.",
} as const;

/**
 * PATCH /api/recurring-requests/{id}: pause or resume, and every field of what future occurrences
 * ask for and of whom (the requests already made stay as they are), in the account's region.
 */
export const recurringUpdateIn = perRegion((region) =>
  z
    .strictObject({
      paused: z.boolean("paused: true or false.").optional(),
      recipientName: RecipientNameSchema.optional(),
      recipientPhone: phoneSchemaFor(region).optional(),
      payerEmail: PayerEmailSchema.optional(),
      /** Decimal text; the route checks it in the series' currency. */
      amount: AmountTextSchema.optional(),
      description: DescriptionSchema.optional(),
      sendDaysBefore: RecurringScheduleShape.sendDaysBefore,
      reminderDays: RecurringScheduleShape.reminderDays,
    })
    .refine((v) => Object.values(v).some((value) => value !== undefined), {
      message: RECURRING_UPDATE_MESSAGES.empty,
    }),
);
export const RecurringUpdateSchema = recurringUpdateIn(US_INPUT);
export type RecurringUpdate = z.input<typeof RecurringUpdateSchema>;

export const RecurringStatusSchema = z.enum(["active", "paused", "ended"]);
export type RecurringStatus = z.infer<typeof RecurringStatusSchema>;

/** How many of a series' latest periods the list shows. */
export const RECENT_PERIODS = 6;

/** One period of a series: its request, and where it stands. */
export const PeriodSchema = z.object({
  requestId: z.string(),
  /** The occurrence's date (YYYY-MM-DD): which period it is. */
  occurrenceDate: z.string(),
  status: RequestStatusSchema,
  /** The payer said "I've paid" and it is not marked paid yet. */
  claimed: z.boolean(),
  dueDate: z.string().nullable(),
  /** What is left of it (its amount less part payments). */
  left: z.string(),
});
export type Period = z.infer<typeof PeriodSchema>;

/** A series as its owner sees it. */
export const RecurringSeriesSchema = z.object({
  id: z.string(),
  recipientName: z.string(),
  recipientPhone: z.string(),
  payerEmail: z.string().nullable(),
  amount: z.string(),
  /** ISO 4217: every occurrence's. */
  currency: z.string(),
  description: z.string().nullable(),
  frequency: FrequencySchema,
  startDate: z.string(),
  endDate: z.string().nullable(),
  count: z.number().int().nullable(),
  /** Rent-grade: each date is a due date, its request sent this many days before; null: none. */
  sendDaysBefore: z.number().int().nullable(),
  /** Each occurrence's reminder days; null: the account's default. */
  reminderDays: z.array(z.number().int()).nullable(),
  /** Requests made so far. */
  madeCount: z.number().int(),
  /**
   * The date the next request is made (9:00 in the requester's zone), or null once ended. While
   * paused: the date resuming now would give (dates that passed while paused are skipped).
   */
  nextDate: z.string().nullable(),
  status: RecurringStatusSchema,
  createdAt: z.string(),
  /**
   * Its latest requests, one per period, newest first (at most RECENT_PERIODS): "December: paid ·
   * November: says paid · October: overdue 3 days" on the Recurring screen.
   */
  periods: z.array(PeriodSchema).optional(),
});
export type RecurringSeries = z.infer<typeof RecurringSeriesSchema>;

export const RecurringListSchema = z.array(RecurringSeriesSchema);

// ── A series' state: shared by the routes (pause, resume, list) and the job that makes requests ──

/** Where a user's dates are read while the browser has not told us their zone (user.time_zone). */
export const DEFAULT_TIME_ZONE = "America/New_York";

export type SeriesState = {
  frequency: Frequency;
  startDate: string;
  endDate: string | null;
  /** Requests in all; counted against `madeCount`, so dates skipped while paused do not use it up. */
  count: number | null;
  madeCount: number;
  nextDate: string | null;
  pausedAt: Date | null;
  endedAt: Date | null;
};

export function seriesStatus(
  series: Pick<SeriesState, "endedAt" | "nextDate" | "pausedAt">,
): RecurringStatus {
  if (series.endedAt || series.nextDate === null) return "ended";
  return series.pausedAt ? "paused" : "active";
}

const datesOf = (series: SeriesState) => ({
  frequency: series.frequency,
  startDate: series.startDate,
  endDate: series.endDate,
});

/**
 * The first occurrence on or after `from` whose 9:00 (in `timeZone`) is still ahead of `now`, or
 * null past the end date: where a paused series picks up when resumed. The dates that passed while
 * it was paused are skipped, never made late.
 */
export function nextFutureOccurrence(
  series: SeriesState,
  from: string,
  now: Date,
  timeZone: string,
): string | null {
  const dates = datesOf(series);
  for (
    let date = occurrences(dates, { from, limit: 1 })[0] ?? null;
    date;
    date = nextOccurrence(dates, date)
  ) {
    if (occurrenceAt(date, timeZone) > now) return date;
  }
  return null;
}

/** The occurrence after `date` once `madeCount` requests are made, or null when the series is done. */
export function followingOccurrence(series: SeriesState, date: string, madeCount: number): string | null {
  if (series.count != null && madeCount >= series.count) return null;
  return nextOccurrence(datesOf(series), date);
}

// ── The form (screens/recurring): the same fields as text, and how the series ends ────────────

export const EndModeSchema = z.enum(["never", "date", "count"]);

/** The forms' choices of days ahead ("" : no due date), each within MAX_SEND_DAYS_BEFORE. */
export const SEND_AHEAD_CHOICES = ["", "0", "1", "2", "3", "5", "7", "10", "14"] as const;
export const SendAheadSchema = z.enum(SEND_AHEAD_CHOICES, RECURRING_MESSAGES.sendDaysBefore);
export type SendAhead = z.infer<typeof SendAheadSchema>;

/** A series' days ahead as the forms hold them. */
export const sendAheadOf = (sendDaysBefore: number | null): SendAhead =>
  (SEND_AHEAD_CHOICES as readonly string[]).includes(String(sendDaysBefore ?? ""))
    ? (String(sendDaysBefore ?? "") as SendAhead)
    : "";
export type EndMode = z.infer<typeof EndModeSchema>;

/**
 * What the "New recurring request" form holds: every field as typed. `toRecurringInput` turns it
 * into the API's body; the checks are the API schema's, so the form and the server agree.
 */
export function recurringFormSchemaFor(today: string, region: InputRegion = US_INPUT) {
  return z
    .object({
      recipientName: RecipientNameSchema,
      recipientPhone: phoneSchemaFor(region),
      payerEmail: PayerEmailSchema,
      // "$1,250" and "12,50" read as the request form reads them (shared/money.ts).
      amount: z
        .string()
        .transform((typed) => typedAmount(typed, decimalMarkOf(region.country)))
        .pipe(amountSchemaIn(region.currency)),
      description: DescriptionSchema,
      frequency: FrequencySchema,
      startDate: RecurringScheduleShape.startDate,
      endMode: EndModeSchema,
      endDate: z.string(),
      count: z.string(),
      /** "" (no due date) or the days before each due date its request goes out ("0": that day). */
      sendAhead: SendAheadSchema,
      /** The account's default, none, or `reminderDays` (Request Payment's choice). */
      reminders: z.enum(["default", "none", "custom"]),
      reminderDays: z.array(z.number()),
    })
    .superRefine((form, ctx) => {
      if (form.endMode === "date" && !RecurringScheduleShape.endDate.safeParse(form.endDate).success) {
        ctx.addIssue({ code: "custom", path: ["endDate"], message: RECURRING_MESSAGES.endDate });
        return;
      }
      if (form.endMode === "count" && !/^\d{1,3}$/.test(form.count.trim())) {
        ctx.addIssue({ code: "custom", path: ["count"], message: RECURRING_MESSAGES.count });
        return;
      }
      const series = scheduleOf(form);
      if (series.count != null && !RecurringScheduleShape.count.safeParse(series.count).success) {
        ctx.addIssue({ code: "custom", path: ["count"], message: RECURRING_MESSAGES.count });
        return;
      }
      for (const issue of recurringScheduleIssues(series, today)) {
        ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
      }
      if (form.reminders === "custom") {
        const days = ReminderDaysSchema.safeParse(form.reminderDays);
        if (!days.success || form.reminderDays.length === 0) {
          const message = days.success
            ? REMINDER_MESSAGES.day
            : (days.error.issues[0]?.message ?? REMINDER_MESSAGES.day);
          ctx.addIssue({ code: "custom", path: ["reminderDays"], message });
        }
      }
    });
}
export type RecurringFormValues = z.input<ReturnType<typeof recurringFormSchemaFor>>;
export type RecurringFormOutput = z.output<ReturnType<typeof recurringFormSchemaFor>>;

function scheduleOf(
  form: Pick<RecurringFormOutput, "frequency" | "startDate" | "endMode" | "endDate" | "count">,
) {
  return {
    frequency: form.frequency,
    startDate: form.startDate,
    endDate: form.endMode === "date" ? form.endDate : null,
    count: form.endMode === "count" ? Number(form.count.trim()) : null,
  };
}

/** The API body for a checked form. */
export function toRecurringInput(form: RecurringFormOutput): RecurringRequestInput {
  return {
    recipientName: form.recipientName,
    recipientPhone: form.recipientPhone,
    payerEmail: form.payerEmail,
    amount: form.amount,
    description: form.description,
    ...scheduleOf(form),
    ...(form.sendAhead === "" ? {} : { sendDaysBefore: Number(form.sendAhead) }),
    ...(form.reminders === "none" ? { reminderDays: [] } : {}),
    ...(form.reminders === "custom" ? { reminderDays: form.reminderDays } : {}),
  };
}
