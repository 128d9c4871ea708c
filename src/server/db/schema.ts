import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { PROVIDERS } from "#shared/providers.ts";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

// --- better-auth's four tables (its core schema), plus Collect's user fields (docs/product.md#user-and-profile). ---

export const users = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  profileName: text("profile_name"),
  firstName: text("first_name"),
  lastName: text("last_name"),
  /** `/objects/...` path of the profile photo (docs/product.md#photos). */
  photo: text("photo"),
  /** IANA time zone the browser reported; dates and 9:00 schedules are read in it (null: America/New_York). */
  timeZone: text("time_zone"),
  /** The requester's own reminder days (day offsets); null: the default rule (shared/schedule/reminders.ts). */
  reminderDays: integer("reminder_days").array(),
  /** ISO 3166-1 alpha-2 (shared/region.ts); null: the spec's US. */
  country: text("country"),
  /** One of the shipped languages (shared/i18n/locales.ts); null: the browser's. */
  language: text("language"),
  /** ISO 4217, every new request's unless one is chosen (shared/currency.ts); null: USD. */
  currency: text("currency"),
  /** The pay page's order of the requester's methods, as they chose it; null: the spec's (shared/providers.ts payPageOrder). */
  methodOrder: text("method_order").array(),
});

export const sessions = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

/** better-auth's rate-limit counters, kept in the database so every app process shares them. */
export const rateLimits = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/**
 * Collect's own limit counters (db/counters.ts), apart from better-auth's `rate_limit`, whose
 * rows better-auth deletes once they are older than its 60 s window: an hourly count kept
 * there lasted a minute. Times are milliseconds since the epoch; expired rows are swept.
 */
export const limitCounters = pgTable(
  "limit_counter",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    /** When the current window started, or (for locks) when the last attempt came. */
    markedAt: bigint("marked_at", { mode: "number" }).notNull(),
    /** After this the row means nothing and may be deleted. */
    expiresAt: bigint("expires_at", { mode: "number" }).notNull(),
  },
  (t) => [index("limit_counter_expires_idx").on(t.expiresAt)],
);

// --- Collect's own tables. Every owned row carries its user id. ---

export const providerEnum = pgEnum("payment_provider", PROVIDERS);
export const requestStatusEnum = pgEnum("request_status", ["pending", "paid", "cancelled"]);

export const paymentAccounts = pgTable(
  "payment_account",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: providerEnum("provider").notNull(),
    accountHandle: text("account_handle").notNull(),
    /** A bank transfer's account holder as the bank has it (SEPA only; docs/decisions/032-payment-rails.md). */
    holderName: text("holder_name"),
    /** A bank transfer's optional BIC (SEPA only). */
    bic: text("bic"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("payment_account_user_provider_idx").on(t.userId, t.provider)],
);

export const paymentRequests = pgTable(
  "payment_request",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The short-link code of `/pay/{code}`. */
    code: text("code").notNull(),
    recipientName: text("recipient_name").notNull(),
    recipientPhone: text("recipient_phone").notNull(),
    /** Decimal text with the currency's digits ("12.50", "1500", "1.250"): no scale of its own. */
    amount: numeric("amount").notNull(),
    /**
     * The sum of its part payments (request_payment), kept in the same transaction as each one:
     * what is left is `amount - paid_amount`, and that is what the pay page and reminders ask for.
     */
    paidAmount: numeric("paid_amount").notNull().default("0"),
    /** ISO 4217 (shared/currency.ts); every request before currencies is USD. */
    currency: text("currency").notNull().default("USD"),
    description: text("description"),
    status: requestStatusEnum("status").notNull().default("pending"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    viewedAt: timestamp("viewed_at", { withTimezone: true }),
    lastRemindedAt: timestamp("last_reminded_at", { withTimezone: true }),
    /** When the requester marked it paid; null while not paid (an undo clears it). */
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** The payer's word that they paid (the pay page's "I've paid"); never changes `status`. */
    claimedPaidAt: timestamp("claimed_paid_at", { withTimezone: true }),
    /** A provider or "other" (shared/schemas/claim.ts). */
    claimedVia: text("claimed_via"),
    claimNote: text("claim_note"),
    /** How much the payer says they paid: what was left, unless they named less. */
    claimedAmount: numeric("claimed_amount"),
    /**
     * What was left when they said so. A part payment recorded since (or undone) changes what is
     * left, and the claim is then answered (db/shared-queries.ts openClaim).
     */
    claimedLeft: numeric("claimed_left"),
    /** SHA-256 of the claim cookie the first claim's browser got: only it may correct the claim. */
    claimTokenHash: text("claim_token_hash"),
    /** The bill this request is one share of (routes/splits). */
    splitId: uuid("split_id").references(() => splits.id, { onDelete: "set null" }),
    /** A calendar date in the requester's time zone (YYYY-MM-DD), or none. */
    dueDate: date("due_date"),
    /** Where Collect emails the payer (the request, reminders, a receipt), or none: the requester texts. */
    payerEmail: text("payer_email"),
    /**
     * The payer's language, their contact's when the request was made (payee.language): the text,
     * the emails and the link's preview speak it; null: the requester's own.
     */
    language: text("language"),
    /** Day offsets of automatic reminders; null: the requester's default; []: none. */
    reminderDays: integer("reminder_days").array(),
    /** When the payer (one click in a reminder email) or the requester stopped reminders. */
    remindersStoppedAt: timestamp("reminders_stopped_at", { withTimezone: true }),
    /** Who stopped them: the card says "Priya stopped reminders" only when the payer did. */
    remindersStoppedBy: text("reminders_stopped_by", { enum: ["payer", "requester"] }),
    /** The recurring series this request is one occurrence of, and that occurrence's date. */
    seriesId: uuid("series_id").references((): AnyPgColumn => recurringSeries.id, { onDelete: "set null" }),
    occurrenceDate: date("occurrence_date"),
  },
  (t) => [
    uniqueIndex("payment_request_code_idx").on(t.code),
    index("payment_request_split_idx").on(t.splitId),
    // One request per occurrence of a series, whichever process makes it (recurring/recurring.ts).
    uniqueIndex("payment_request_series_occurrence_idx").on(t.seriesId, t.occurrenceDate),
    // One index per list order (docs/decisions/015-keyset-pagination.md): newest first,
    // pending first then newest (an expression column), and newest first within one status,
    // whose trailing amount lets Archive's totals read the index alone.
    index("payment_request_user_created_id_idx").on(t.userId, t.createdAt, t.id),
    index("payment_request_user_pending_created_idx").on(
      t.userId,
      sql`(${t.status} = 'pending')`,
      t.createdAt,
      t.id,
    ),
    index("payment_request_user_status_created_idx").on(
      t.userId,
      t.status,
      t.createdAt,
      t.id,
      t.amount,
      t.currency,
      t.paidAmount,
    ),
    // One person's open requests, oldest first, and their total (routes/balances): read alone.
    index("payment_request_user_phone_open_idx")
      .on(t.userId, t.recipientPhone, t.createdAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    // The spec's $1,000,000.00 in USD; a billion units in any other currency (shared/currency.ts maxWhole).
    check(
      "payment_request_amount_positive",
      sql`${t.amount} > 0 AND ${t.amount} <= CASE WHEN ${t.currency} = 'USD' THEN 1000000 ELSE 1000000000 END`,
    ),
    // Part payments never add up past the amount (routes/payment-requests/payments.ts).
    check("payment_request_paid_within", sql`${t.paidAmount} >= 0 AND ${t.paidAmount} <= ${t.amount}`),
    // A US number as 10 digits (the spec), any other in E.164 (shared/phone-international.ts).
    check("payment_request_phone_digits", sql`${t.recipientPhone} ~ '^([0-9]{10}|[+][1-9][0-9]{6,14})$'`),
  ],
);

/**
 * A part payment the requester recorded on one of their requests ("$1,000 of $1,450"): how much,
 * with what, and on which day. Its request's `paid_amount` is the sum of these; the request is
 * paid when nothing is left (routes/payment-requests/payments.ts).
 */
export const requestPayments = pgTable(
  "request_payment",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => paymentRequests.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** In the request's currency, with its digits. */
    amount: numeric("amount").notNull(),
    /** A provider, "cash" or "other" (shared/schemas/payment.ts), or none said. */
    method: text("method"),
    /** The day it was paid, in the requester's calendar (YYYY-MM-DD). */
    paidOn: date("paid_on").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("request_payment_request_idx").on(t.requestId, t.createdAt),
    check("request_payment_amount_positive", sql`${t.amount} > 0`),
  ],
);

/**
 * The short codes of requests whose account was deleted: only the code, nothing of the person, so
 * a payer who opens such a link reads that the request was withdrawn and nothing is owed, instead
 * of "not found or expired" (routes/account/queries.ts writes them, routes/pay reads them).
 */
export const withdrawnCodes = pgTable("withdrawn_code", {
  code: text("code").primaryKey(),
  withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * "Request all" (routes/balances): one link for everything open with one person in one currency.
 * Its page lists what is open when it is opened, not when it was made; its code is one character
 * longer than a request's, so the two can never meet (pay/queries.ts findPublicView).
 */
export const balanceLinks = pgTable(
  "balance_link",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    recipientPhone: text("recipient_phone").notNull(),
    currency: text("currency").notNull(),
    code: text("code").notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("balance_link_person_idx").on(t.userId, t.recipientPhone, t.currency)],
);

/** A bill split among several people: one payment request per person (routes/splits). */
export const splits = pgTable(
  "split",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Decimal text with the currency's digits, like a request's amount. */
    total: numeric("total").notNull(),
    /** ISO 4217: every share is requested in it. */
    currency: text("currency").notNull().default("USD"),
    description: text("description"),
    /** The requester's own share is part of the total but requested from nobody. */
    includeMe: boolean("include_me").notNull().default(false),
    dueDate: date("due_date"),
    createdAt: createdAt(),
  },
  (t) => [
    index("split_user_created_idx").on(t.userId, t.createdAt),
    check(
      "split_total_positive",
      sql`${t.total} > 0 AND ${t.total} <= CASE WHEN ${t.currency} = 'USD' THEN 1000000 ELSE 1000000000 END`,
    ),
  ],
);

export const payees = pgTable(
  "payee",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    email: text("email"),
    /**
     * The language Collect speaks to this person (shared/i18n/locales.ts): their texts, emails and
     * the link's preview; null: the requester's own.
     */
    language: text("language"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("payee_user_phone_idx").on(t.userId, t.phone),
    index("payee_user_name_idx").on(t.userId, sql`lower(${t.name})`, t.id),
    // 10 digits for a US number (the spec's), E.164 for any other (shared/phone-international.ts).
    check("payee_phone_digits", sql`${t.phone} ~ '^([0-9]{10}|[+][1-9][0-9]{6,14})$'`),
  ],
);

/** WebAuthn credentials (routes/passkeys): one row per passkey a user registered. */
export const passkeys = pgTable(
  "passkey",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The credential id, base64url, as the authenticator reports it. */
    credentialId: text("credential_id").notNull(),
    /** COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: text("transports"),
    backedUp: boolean("backed_up").notNull().default(false),
    name: text("name").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("passkey_credential_id_idx").on(t.credentialId),
    index("passkey_user_id_idx").on(t.userId),
  ],
);

export const deliveryStateEnum = pgEnum("delivery_state", ["pending", "sent", "failed"]);

/**
 * One row per effect sent outside the database (an email, a push), keyed by its idempotency key
 * (`reminder:<requestId>:<offset>`): inserted in the transaction that decides the effect, so two
 * processes deciding the same one make one row (queue/effects.ts, docs/decisions/023-job-queue.md).
 */
export const deliveries = pgTable("delivery", {
  key: text("key").primaryKey(),
  /** Whose effect it is: deleted with the account (its error may hold an address). */
  userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
  kind: text("kind").notNull(),
  state: deliveryStateEnum("state").notNull().default("pending"),
  attempts: integer("attempts").notNull().default(0),
  lastError: text("last_error"),
  /** The Message-ID the send used (derived from the key, so a resend carries the same one). */
  messageId: text("message_id"),
  createdAt: createdAt(),
  sentAt: timestamp("sent_at", { withTimezone: true }),
});

/**
 * A mailbox that asked for no more mail (mail/suppression.ts): from one requester
 * (`requester_id`), or from all of Collect (`requester_id` null). Kept by the mailbox, not by an
 * account: no account can clear it; only the mailbox's own link lifts it. `recipient_hash` is a
 * hash of the mailbox's key (mail/recipient.ts), never the address.
 */
export const mailSuppressions = pgTable(
  "mail_suppression",
  {
    recipientHash: text("recipient_hash").notNull(),
    requesterId: text("requester_id").references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    unique("mail_suppression_recipient_requester_key").on(t.recipientHash, t.requesterId).nullsNotDistinct(),
  ],
);

export const reminderStateEnum = pgEnum("reminder_state", ["scheduled", "sent", "skipped", "failed"]);

/**
 * One row per automatic reminder of a pending request (docs/decisions/024-chasing.md), written when the request
 * is made or its schedule changes: `due_at` is 9:00 in the requester's zone on the offset's date.
 * A sweep takes due rows; the effect (an email to the payer, or a notification to the requester)
 * goes through `delivery` with the key `reminder:<requestId>:<offset>`.
 */
export const reminders = pgTable(
  "reminder",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => paymentRequests.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    offsetDays: integer("offset_days").notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    state: reminderStateEnum("state").notNull().default("scheduled"),
    /** "payer-email" or "requester" once decided. */
    channel: text("channel"),
    doneAt: timestamp("done_at", { withTimezone: true }),
    error: text("error"),
  },
  (t) => [
    uniqueIndex("reminder_request_offset_idx").on(t.requestId, t.offsetDays),
    index("reminder_due_idx").on(t.state, t.dueAt),
  ],
);

/** Per event and channel on/off, quiet hours for push, the digest's hour (Profile → Notifications). */
export const notificationSettings = pgTable("notification_setting", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** `{ [event]: { email: boolean, push: boolean } }` over the defaults (shared/schemas/notifications.ts). */
  channels: jsonb("channels").notNull().default({}),
  quietStart: text("quiet_start").notNull().default("21:00"),
  quietEnd: text("quiet_end").notNull().default("08:00"),
  /** Local hour of the daily digest; null: no digest. */
  digestHour: integer("digest_hour"),
  updatedAt: updatedAt(),
});

/** A browser's Web Push subscription: one user and one device; gone when the push service says 404/410. */
export const pushSubscriptions = pgTable(
  "push_subscription",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    deviceLabel: text("device_label"),
    createdAt: createdAt(),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("push_subscription_endpoint_idx").on(t.endpoint),
    index("push_subscription_user_idx").on(t.userId),
  ],
);

export const frequencyEnum = pgEnum("recurring_frequency", ["weekly", "biweekly", "monthly"]);

/**
 * A recurring request (docs/decisions/024-chasing.md): each occurrence becomes an ordinary payment request at
 * 9:00 in the requester's zone on its date. `next_date` is null once the series has ended.
 */
export const recurringSeries = pgTable(
  "recurring_series",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    recipientName: text("recipient_name").notNull(),
    recipientPhone: text("recipient_phone").notNull(),
    payerEmail: text("payer_email"),
    /** Decimal text with the currency's digits, like a request's amount. */
    amount: numeric("amount").notNull(),
    /** ISO 4217: every occurrence is requested in it. */
    currency: text("currency").notNull().default("USD"),
    description: text("description"),
    frequency: frequencyEnum("frequency").notNull(),
    startDate: date("start_date").notNull(),
    endDate: date("end_date"),
    count: integer("count"),
    /**
     * Rent-grade: each occurrence's date is its due date, and its request goes out this many days
     * before (0: on the day). Null: the request is made on the date, with no due date.
     */
    sendDaysBefore: integer("send_days_before"),
    /**
     * Each occurrence's reminder days (day offsets from its due date, else from when it goes out);
     * null: the requester's default (Profile), else the rule; []: no reminders.
     */
    reminderDays: integer("reminder_days").array(),
    /** Occurrences made so far. */
    madeCount: integer("made_count").notNull().default(0),
    nextDate: date("next_date"),
    pausedAt: timestamp("paused_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("recurring_series_user_idx").on(t.userId, t.createdAt),
    index("recurring_series_next_idx").on(t.nextDate),
    check(
      "recurring_series_amount_positive",
      sql`${t.amount} > 0 AND ${t.amount} <= CASE WHEN ${t.currency} = 'USD' THEN 1000000 ELSE 1000000000 END`,
    ),
    check("recurring_series_phone_digits", sql`${t.recipientPhone} ~ '^([0-9]{10}|[+][1-9][0-9]{6,14})$'`),
    check("recurring_series_send_ahead", sql`${t.sendDaysBefore} BETWEEN 0 AND 28`),
  ],
);

/**
 * A personal API token (docs/api.md): the token is shown once; only its SHA-256 is kept. Revoking
 * deletes the row, so the next call that shows it finds nothing (every process, at once).
 */
export const apiTokens = pgTable(
  "api_token",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    scopes: text("scopes").array().notNull(),
    /** base64url SHA-256 of the whole token. */
    tokenHash: text("token_hash").notNull(),
    /** Its last four characters, to tell tokens apart. */
    hint: text("hint").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** Written at most once a minute per token (auth/api-tokens.ts). */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("api_token_hash_idx").on(t.tokenHash), index("api_token_user_idx").on(t.userId)],
);

/**
 * A webhook endpoint (docs/api.md): where Collect POSTs the events it subscribed to, signed with
 * `secret` (Standard Webhooks, `whsec_…`). After a rotation the previous secret signs too until
 * `previous_secret_until`. `disabled_at`: turned off by its owner, or after failing for a day.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoint",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    events: text("events").array().notNull(),
    secret: text("secret").notNull(),
    previousSecret: text("previous_secret"),
    previousSecretUntil: timestamp("previous_secret_until", { withTimezone: true }),
    createdAt: createdAt(),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    disabledReason: text("disabled_reason"),
  },
  (t) => [index("webhook_endpoint_user_idx").on(t.userId)],
);

export const webhookDeliveryStateEnum = pgEnum("webhook_delivery_state", ["pending", "delivered", "failed"]);

/**
 * One event for one endpoint, and how its sending went (the delivery log). `event_id` is the
 * `webhook-id` header, the same on every attempt: one row per endpoint and event.
 */
export const webhookDeliveries = pgTable(
  "webhook_delivery",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    /** The exact body sent, so every attempt signs the same bytes. */
    payload: text("payload").notNull(),
    state: webhookDeliveryStateEnum("state").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    lastStatus: integer("last_status"),
    lastError: text("last_error"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    unique("webhook_delivery_event_unique").on(t.endpointId, t.eventId),
    index("webhook_delivery_endpoint_idx").on(t.endpointId, t.createdAt),
  ],
);
