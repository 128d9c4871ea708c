import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
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
    amount: numeric("amount", { precision: 12, scale: 2 }).notNull(),
    description: text("description"),
    status: requestStatusEnum("status").notNull().default("pending"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    viewedAt: timestamp("viewed_at", { withTimezone: true }),
    lastRemindedAt: timestamp("last_reminded_at", { withTimezone: true }),
    /** The payer's word that they paid (the pay page's "I've paid"); never changes `status`. */
    claimedPaidAt: timestamp("claimed_paid_at", { withTimezone: true }),
    /** A provider or "other" (shared/schemas/claim.ts). */
    claimedVia: text("claimed_via"),
    claimNote: text("claim_note"),
    /** The bill this request is one share of (routes/splits). */
    splitId: uuid("split_id").references(() => splits.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("payment_request_code_idx").on(t.code),
    index("payment_request_split_idx").on(t.splitId),
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
    index("payment_request_user_status_created_idx").on(t.userId, t.status, t.createdAt, t.id, t.amount),
    check("payment_request_amount_positive", sql`${t.amount} > 0 AND ${t.amount} <= 1000000`),
    check("payment_request_phone_digits", sql`${t.recipientPhone} ~ '^[0-9]{10}$'`),
  ],
);

/** A bill split among several people: one payment request per person (routes/splits). */
export const splits = pgTable(
  "split",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    total: numeric("total", { precision: 12, scale: 2 }).notNull(),
    description: text("description"),
    /** The requester's own share is part of the total but requested from nobody. */
    includeMe: boolean("include_me").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("split_user_created_idx").on(t.userId, t.createdAt),
    check("split_total_positive", sql`${t.total} > 0 AND ${t.total} <= 1000000`),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("payee_user_phone_idx").on(t.userId, t.phone),
    index("payee_user_name_idx").on(t.userId, sql`lower(${t.name})`, t.id),
    check("payee_phone_digits", sql`${t.phone} ~ '^[0-9]{10}$'`),
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
 * processes deciding the same one make one row (jobs/effects.ts, docs/decisions/023-job-queue.md).
 */
export const deliveries = pgTable("delivery", {
  key: text("key").primaryKey(),
  kind: text("kind").notNull(),
  state: deliveryStateEnum("state").notNull().default("pending"),
  attempts: integer("attempts").notNull().default(0),
  lastError: text("last_error"),
  /** The Message-ID the send used (derived from the key, so a resend carries the same one). */
  messageId: text("message_id"),
  createdAt: createdAt(),
  sentAt: timestamp("sent_at", { withTimezone: true }),
});
