import { z } from "zod";
import { CurrencySchema, HOME_CURRENCY, isCurrency } from "#shared/currency.ts";
import { LOCALES } from "#shared/i18n/locales.ts";
import { DESCRIPTION_MAX, RECIPIENT_NAME_MAX } from "#shared/input-limits.ts";
import { LIMIT_MESSAGES, PHONE_MESSAGES, VALIDATION } from "#shared/messages.ts";
import { amountProblem, checkAmount, parseAmount } from "#shared/money.ts";
import { checkUsMobile, type MobileCheck } from "#shared/phone.ts";
import { DueDateSchema } from "#shared/schedule/due-date.ts";
import { ReminderDaysSchema } from "#shared/schedule/reminders.ts";
import { ClaimViaSchema } from "./claim";
import { cursorSchema, MicrosecondTimeSchema, PageLimitSchema, UuidSchema } from "./page";
import { RecordedPaymentSchema } from "./payment";
import { PublicPaymentAccountSchema } from "./payment-account";
import { UNSAFE_TEXT } from "./user";

export const RequestStatusSchema = z.enum(["pending", "paid", "cancelled"]);
export type RequestStatus = z.infer<typeof RequestStatusSchema>;

export const RecipientNameSchema = z
  .string(VALIDATION.recipientName.description)
  .trim()
  .min(1, VALIDATION.recipientName.description)
  .max(RECIPIENT_NAME_MAX, LIMIT_MESSAGES.nameTooLong)
  .refine((name) => !UNSAFE_TEXT.test(name), LIMIT_MESSAGES.nameNotPlain);

/**
 * How an account's country reads what its owner types (docs/decisions/031): its mobile numbers
 * (a US account: the spec's 10 digits; any other: E.164 through shared/phone-international.ts,
 * passed in so the US app never loads its metadata) and the currency an amount is in when none
 * is named.
 */
export type InputRegion = {
  country: string;
  currency: string;
  checkMobile: (input: string) => MobileCheck;
};

/** The spec's reading: US numbers, US dollars. */
export const US_INPUT: InputRegion = {
  country: "US",
  currency: HOME_CURRENCY,
  checkMobile: checkUsMobile,
};

/**
 * Any common way of writing a US mobile number in, 10 digits out (docs/decisions/005); another
 * country's number is refused with its own message, never read as a US one.
 */
export const PhoneSchema = phoneSchemaWith(US_INPUT.checkMobile);

/** The recipient's number as the region reads it; the spec's messages around it. */
function phoneSchemaWith(check: InputRegion["checkMobile"]) {
  return z
    .string(VALIDATION.recipientPhone.description)
    .trim()
    .min(1, VALIDATION.recipientPhone.description)
    .max(32, PHONE_MESSAGES.invalid)
    .transform((value, ctx) => {
      if (!/\d/.test(value)) {
        ctx.addIssue({ code: "custom", message: VALIDATION.recipientPhone.description });
        return z.NEVER;
      }
      const checked = check(value);
      if (checked.ok) return checked.stored;
      ctx.addIssue({ code: "custom", message: checked.message });
      return z.NEVER;
    });
}

/** A mobile number as the account's country reads it (PhoneSchema for a US account). */
export function phoneSchemaFor(region: InputRegion) {
  return region.country === "US" ? PhoneSchema : phoneSchemaWith(region.checkMobile);
}

/**
 * Schemas that depend on the region, made once per country and currency: a route asks for its
 * account's on every call.
 */
export function perRegion<T>(make: (region: InputRegion) => T): (region: InputRegion) => T {
  const made = new Map<string, T>();
  return (region) => {
    const key = `${region.country}:${region.currency}`;
    let schema = made.get(key);
    if (schema === undefined) {
      schema = make(region);
      made.set(key, schema);
    }
    return schema;
  };
}

/** Decimal text, > 0, at most 2 decimals, at most 1,000,000.00; normalised to "25.50". */
export const AmountSchema = z
  .string(VALIDATION.amount.description)
  .max(16, VALIDATION.amount.description)
  .transform((value, ctx) => {
    const amount = parseAmount(value);
    if (amount) return amount;
    ctx.addIssue({ code: "custom", message: amountProblem(value) ?? VALIDATION.amount.description });
    return z.NEVER;
  });

/** An amount in `currency`, normalised to its digits: AmountSchema (the spec's) for US dollars. */
export function amountSchemaIn(currency: string) {
  if (currency === HOME_CURRENCY) return AmountSchema;
  return z
    .string(VALIDATION.amount.description)
    .max(24, VALIDATION.amount.description)
    .transform((value, ctx) => {
      const checked = checkAmount(value, currency);
      if (checked.ok) return checked.amount;
      ctx.addIssue({ code: "custom", message: checked.message });
      return z.NEVER;
    });
}

/**
 * A request's amount as typed, before its currency is known: decimal text above 0 (the spec's
 * message otherwise). Its digits and cap depend on the currency, checked with it on the whole
 * request (withCurrency).
 */
export const AmountTextSchema = z
  .string(VALIDATION.amount.description)
  .max(24, VALIDATION.amount.description)
  .refine(
    (value) => /^\d*(\.\d*)?$/.test(value.trim()) && /[1-9]/.test(value),
    VALIDATION.amount.description,
  );

/**
 * The amount checked in its currency (absent: `fallback`, the account's; USD keeps the spec's
 * rules and messages) and normalised ("12.5" → "12.50"), with the currency it is in.
 */
export function withCurrency<
  S extends z.ZodObject<{ amount: typeof AmountTextSchema; currency: z.ZodOptional<z.ZodType<string>> }>,
>(schema: S, fallback: string = HOME_CURRENCY) {
  const fields = Object.keys(schema.shape);
  const after = (issue: { path?: PropertyKey[] }) =>
    fields.indexOf(String(issue.path?.[0])) > fields.indexOf("amount");
  return (
    schema
      // A check, not a transform (which runs only once everything else passed), placed among
      // the fields' own problems where the amount's own would be: the first is the one answered.
      .check((ctx) => {
        const { amount, currency } = ctx.value as { amount: unknown; currency?: unknown };
        if (typeof amount !== "string" || !AmountTextSchema.safeParse(amount).success) return;
        if (currency !== undefined && !(typeof currency === "string" && isCurrency(currency))) return;
        const checked = checkAmount(amount, (currency as string | undefined) ?? fallback);
        if (checked.ok) return;
        const issue = { code: "custom" as const, message: checked.message, path: ["amount"], input: amount };
        const at = ctx.issues.findIndex(after);
        if (at === -1) ctx.issues.push(issue);
        else ctx.issues.splice(at, 0, issue);
      })
      .transform((value) => {
        const currency = value.currency ?? fallback;
        const checked = checkAmount(value.amount, currency);
        return { ...value, currency, amount: checked.ok ? checked.amount : value.amount };
      })
  );
}

export const DescriptionSchema = z
  .string()
  .trim()
  .max(DESCRIPTION_MAX, LIMIT_MESSAGES.descriptionTooLong)
  .refine((text) => !UNSAFE_TEXT.test(text), LIMIT_MESSAGES.descriptionNotPlain)
  .nullish()
  .transform((v) => (v ? v : null));

export const PAYER_EMAIL_MESSAGE = /*i18n*/ "Enter the payer's email address, like alex@example.com.";

/** An email address as a person types it: trimmed; "" means none. */
export const EmailTextSchema = z
  .string(PAYER_EMAIL_MESSAGE)
  .trim()
  .max(254, PAYER_EMAIL_MESSAGE)
  .pipe(z.union([z.literal(""), z.email(PAYER_EMAIL_MESSAGE)]));

/** The payer's optional email (docs/decisions/024-chasing.md): Collect emails the request, reminders and a receipt there. */
export const PayerEmailSchema = EmailTextSchema.nullish().transform((v) => (v ? v : null));

/**
 * How the request reaches the payer: texted from the requester's phone (today's flow), emailed
 * by Collect to `payerEmail`, or both.
 */
export const SendBySchema = z.enum(["text", "email", "both"], /*i18n*/ "Choose how to send the request.");
export type SendBy = z.infer<typeof SendBySchema>;

export const SEND_BY_MESSAGES = {
  needsEmail: /*i18n*/ "Enter the payer's email to send the request by email.",
  // Collect mails the payer in the requester's name: a throwaway account cannot make it mail anyone.
  confirmFirst: /*i18n*/ "Please confirm your email address before Collect emails a payer for you.",
} as const;

/** What a request's due date and reminders are, shared by a request and each share of a split. */
export const ChaseInputSchema = z.object({
  /** YYYY-MM-DD; today or later in the requester's zone, at most a year ahead (the route checks the range). */
  dueDate: DueDateSchema.nullish().transform((v) => v ?? null),
  payerEmail: PayerEmailSchema,
  /** Day offsets; omitted or null: the requester's default; []: no reminders. */
  reminderDays: ReminderDaysSchema.nullish().transform((v) => v ?? null),
  sendBy: SendBySchema.default("text"),
});

/** POST /api/payment-requests (docs/product.md "Request Payment") as the account's region reads it. */
export const paymentRequestInputFor = perRegion((region) =>
  withCurrency(
    z
      .strictObject({
        recipientName: RecipientNameSchema,
        recipientPhone: phoneSchemaFor(region),
        amount: AmountTextSchema,
        /** ISO 4217; absent: the account's currency (USD for a US account). */
        currency: CurrencySchema.optional(),
        description: DescriptionSchema,
        ...ChaseInputSchema.shape,
      })
      .refine((v) => v.sendBy === "text" || v.payerEmail !== null, {
        message: SEND_BY_MESSAGES.needsEmail,
        path: ["payerEmail"],
      }),
    region.currency,
  ),
);

/** The spec's request, a US account's: the API reference shows this one. */
export const PaymentRequestInputSchema = paymentRequestInputFor(US_INPUT);

/**
 * PATCH /api/payment-requests/{id}: a pending request's due date or reminder days ("change per
 * request"); `null` clears the due date, or puts the reminders back to the default.
 */
export const PaymentRequestUpdateSchema = z
  .strictObject({
    dueDate: DueDateSchema.nullable().optional(),
    reminderDays: ReminderDaysSchema.nullable().optional(),
  })
  .refine((v) => v.dueDate !== undefined || v.reminderDays !== undefined, /*i18n*/ "Nothing to change.");
export type PaymentRequestUpdate = z.input<typeof PaymentRequestUpdateSchema>;

/**
 * What the automatic reminders of a request did and will do, for its card:
 * - `none`: no reminder is scheduled (none chosen, or all are past);
 * - `scheduled`: the next one is at `nextAt`;
 * - `paused`: one fell due while the payer's "I've paid" waits for the requester;
 * - `due`: a reminder told the requester to text, and they have not reminded since ("Reminder due — Text reminder");
 * - `stopped`: the payer or the requester stopped them (`stoppedBy`);
 * - `failed`: an email to the payer could not be delivered (`failedEmail`).
 * `emailBlocked`: the payer's mailbox asked for no more emails from this requester or from
 * Collect, so Collect emails it nothing more (the request's own email included).
 */
export const ReminderSummarySchema = z.object({
  state: z.enum(["none", "scheduled", "paused", "due", "stopped", "failed"]),
  nextAt: z.string().nullable(),
  lastSentAt: z.string().nullable(),
  lastChannel: z.enum(["payer-email", "requester"]).nullable(),
  failedEmail: z.string().nullable(),
  stoppedBy: z.enum(["payer", "requester"]).nullable(),
  emailBlocked: z.boolean(),
});
export type ReminderSummary = z.infer<typeof ReminderSummarySchema>;

export const NO_REMINDERS: ReminderSummary = {
  state: "none",
  nextAt: null,
  lastSentAt: null,
  lastChannel: null,
  failedEmail: null,
  stoppedBy: null,
  emailBlocked: false,
};

/** The product's order of checks for a new request: name, phone, then an amount above $0. */
export const PAYMENT_REQUEST_CHECK_ORDER = [
  VALIDATION.recipientName.description,
  VALIDATION.recipientPhone.description,
  VALIDATION.amount.description,
] as const;
export type PaymentRequestInput = z.input<typeof PaymentRequestInputSchema>;

export const PaymentRequestSchema = z.object({
  id: z.string(),
  amount: z.string(),
  /** ISO 4217: the amount's currency. */
  currency: z.string(),
  status: RequestStatusSchema,
  description: z.string().nullable(),
  recipientName: z.string(),
  recipientPhone: z.string(),
  createdAt: z.string(),
  shortUrl: z.string(),
  viewedAt: z.string().nullable(),
  lastRemindedAt: z.string().nullable(),
  /** The payer's "I've paid" (shared/schemas/claim.ts): when, with which app, their note. */
  claimedPaidAt: z.string().nullable(),
  claimedVia: ClaimViaSchema.nullable(),
  claimNote: z.string().nullable(),
  /**
   * How much they say they paid, when they said so after amounts came: what was left then, unless
   * they named less. A claim a part payment has since answered is not shown (claimedPaidAt null).
   */
  claimedAmount: z.string().optional(),
  /** The split bill this request is one share of, if any. */
  splitId: z.string().nullable(),
  /** YYYY-MM-DD in the requester's zone, or none. */
  dueDate: z.string().nullable(),
  payerEmail: z.string().nullable(),
  /** null: the requester's default (or the rule); []: none. */
  reminderDays: z.array(z.number().int()).nullable(),
  reminders: ReminderSummarySchema,
  /** The payer's language, where their contact names one; absent: the requester's own. */
  language: z.enum(LOCALES).optional(),
  /** What part payments have paid so far, only once one is recorded; what is left is the rest. */
  paidAmount: z.string().optional(),
  /** Its part payments, oldest first: on GET /api/payment-requests/{id} and the payments' answers. */
  payments: z.array(RecordedPaymentSchema).optional(),
});
export type PaymentRequest = z.infer<typeof PaymentRequestSchema>;

/** What creating a request answers: the request and the text for the composer. */
export const CreatePaymentRequestResponseSchema = z.object({
  request: PaymentRequestSchema,
  smsMessage: z.string(),
});
export type CreatePaymentRequestResponse = z.infer<typeof CreatePaymentRequestResponseSchema>;

/**
 * PATCH /api/payment-requests/{id}/status: pending → paid or pending → cancelled, and paid →
 * pending (the requester's Undo or "Mark as not paid"); nothing else (docs/product.md#payment-requests).
 */
export const StatusUpdateSchema = z.strictObject({ status: z.enum(["paid", "cancelled", "pending"]) });

/** POST /api/payment-requests/{id}/remind: the reminder text for the SMS composer. */
export const ReminderResponseSchema = z.object({ request: PaymentRequestSchema, smsMessage: z.string() });

/** POST /api/payment-requests/stop-reminders/{token}: the signed link in a reminder email. */
export const StopTokenParamsSchema = z.object({ token: z.string().max(200) });
export const StopRemindersResponseSchema = z.object({ message: z.string() });

/** Ids are not validated here: a malformed id answers 404 like any other unknown one. */
export const IdParamsSchema = z.object({ id: z.string().max(100) });

/** Length of a pay link's code (server/lib/short-code.ts makes them; the request form previews one). */
export const SHORT_CODE_LENGTH = 10;
/** A "Request all" link's code: one longer, so it never meets a request's (db/schema.ts balanceLinks). */
export const BALANCE_CODE_LENGTH = SHORT_CODE_LENGTH + 1;

export const ShortCodeSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,16}$/, /*i18n*/ "Payment request not found");

/** The public payment view: nothing else (no phone, email or internal id; docs/product.md#pay-page-data). */
export const PublicPaymentViewSchema = z.object({
  requester: z.object({ name: z.string(), photo: z.string().nullable() }),
  request: z.object({
    amount: z.string(),
    /** ISO 4217, only when not USD: a US request's view is the spec's, byte for byte. */
    currency: z.string().optional(),
    description: z.string().nullable(),
    status: RequestStatusSchema,
    /** YYYY-MM-DD: "Due Friday, December 4" on the pay page. */
    dueDate: z.string().nullable().optional(),
    /**
     * Only once part of it is paid: `amount` is then what is left (what the buttons ask for),
     * and this says what was paid of how much ("$1,000.00 of $1,450.00 paid").
     */
    partPaid: z.object({ paid: z.string(), total: z.string() }).optional(),
    /** YYYY-MM-DD in the requester's calendar, only once paid: "Maria Lopez was paid on Nov 28". */
    paidOn: z.string().optional(),
    /**
     * Only on a "Request all" link: `amount` is what is left of everything open with the payer in
     * this currency, `count` how many requests, and these the oldest of them (what is left of
     * each, and the day it was asked).
     */
    items: z
      .array(z.object({ description: z.string().nullable(), amount: z.string(), date: z.string() }))
      .optional(),
    count: z.number().int().optional(),
  }),
  paymentAccounts: z.array(PublicPaymentAccountSchema),
});
export type PublicPaymentView = z.infer<typeof PublicPaymentViewSchema>;

/**
 * What the pay page knows of a cancelled request: only the first name of who cancelled it, so a
 * payer learns nothing is owed, and nothing else of the request (no amount, note, photo or
 * handles) leaves the server.
 */
export type CancelledPaymentView = {
  /** Who cancelled it; null when its requester deleted their account (the link says it was withdrawn). */
  cancelledBy: string | null;
};

export const isCancelled = (view: PublicPaymentView | CancelledPaymentView): view is CancelledPaymentView =>
  "cancelledBy" in view;

/** Where the last row of a page sorted: its pending group, creation time and id. */
const RequestCursorKeySchema = z.strictObject({ p: z.boolean(), t: MicrosecondTimeSchema, i: UuidSchema });
export type RequestCursorKey = z.infer<typeof RequestCursorKeySchema>;

/**
 * The search text: requests whose recipient name or description contains it (case-insensitive,
 * spaces around it ignored), as Archive's search box means it.
 */
export const RequestSearchSchema = z
  .string()
  .trim()
  .max(100, /*i18n*/ "Search: at most 100 characters.")
  .optional()
  .transform((v) => v || undefined);

/**
 * A status to filter by: one of the three, or "claimed" — "Says paid": pending, and the payer
 * has said they paid (docs/decisions/016-close-the-loop.md).
 */
export const RequestStatusFilterSchema = z.enum([...RequestStatusSchema.options, "claimed"]);

/** Filters shared by the list, its summary and the CSV export. */
export const RequestFilterSchema = z.object({
  status: RequestStatusFilterSchema.optional(),
  q: RequestSearchSchema,
});
export type RequestFilter = z.infer<typeof RequestFilterSchema>;

/**
 * GET /api/payment-requests query. `order=pending-first` (the default: Home) or `newest` (Archive);
 * with a status filter both are newest first. The next page's URL comes in the `Link` header.
 */
export const PaymentRequestListQuerySchema = RequestFilterSchema.extend({
  order: z.enum(["pending-first", "newest"]).default("pending-first"),
  limit: PageLimitSchema,
  cursor: cursorSchema(RequestCursorKeySchema).optional(),
});
export type PaymentRequestListQuery = z.infer<typeof PaymentRequestListQuerySchema>;

/** GET /api/payment-requests/summary: Archive's totals over every matching row, not a page. */
export const PaymentRequestSummarySchema = z.object({
  count: z.number().int(),
  counts: z.object({ pending: z.number().int(), paid: z.number().int(), cancelled: z.number().int() }),
  /** Paid amounts in USD, as exact decimal text ("25.50"). */
  collected: z.string(),
  /** Pending amounts, as exact decimal text. */
  outstanding: z.string(),
  /**
   * The same two sums in every currency the matching requests are in, most requests first (USD
   * among them; `collected` and `outstanding` above are its own): never added across currencies.
   */
  totals: z.array(z.object({ currency: z.string(), collected: z.string(), outstanding: z.string() })),
});
export type PaymentRequestSummary = z.infer<typeof PaymentRequestSummarySchema>;

/** True for a time zone this runtime knows by its IANA name ("America/New_York", "UTC"). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(zone);
  } catch {
    return false;
  }
}

/** GET /api/payment-requests/export.csv query: the time zone its dates are written in (UTC by default). */
export const ExportQuerySchema = z.object({
  tz: z
    .string()
    .max(64, "tz: at most 64 characters.")
    .refine(isTimeZone, "tz: not a known time zone.")
    .optional(),
});
