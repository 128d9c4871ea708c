/**
 * Every limit of Collect, in one table (docs/limits.md). Counted limits share one store that
 * every app process sees (PostgreSQL's `limit_counter`, or Redis with REDIS_URL: limiter/limiter.ts)
 * and are all switched off by RATE_LIMITS=false (load tests only); the caps on what is held
 * open at once (connections, event streams) protect capacity and stay on.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MIB = 1024 * 1024;

/** Who one count belongs to. */
export type LimitKey =
  | "user"
  | "client address"
  | "account"
  | "client address and request"
  | "request"
  | "recipient"
  | "requester and recipient"
  | "API token"
  | "everyone";

/**
 * A fixed window: at most `max` in `windowMs` per key. `message` is the 429's sentence, with
 * `{wait}` for how long to wait ("30 seconds", "2 minutes"); null for a silent limit, whose
 * caller answers as if it had gone through (mail caps).
 */
export type WindowLimit = {
  key: LimitKey;
  max: number;
  windowMs: number;
  message: string | null;
  /** The route it guards, where it guards one ("METHOD /pattern" as Fastify registers it). */
  route?: string;
};

const TOO_MANY_WRITES = "Too many requests. Please try again in {wait}.";
const TRY_LATER = "Too many requests. Please try again later.";

export const LIMITS = {
  // Signed-in writes, per user (docs/decisions/009): generous for a person, a wall for a script.
  createRequest: {
    key: "user",
    max: 60,
    windowMs: MINUTE,
    message: TOO_MANY_WRITES,
    route: "POST /api/payment-requests",
  },
  /** A series mails its payer at once when its first occurrence is today: as costly as a request. */
  createRecurring: {
    key: "user",
    max: 20,
    windowMs: MINUTE,
    message: TOO_MANY_WRITES,
    route: "POST /api/recurring-requests",
  },
  remind: {
    key: "user",
    max: 30,
    windowMs: MINUTE,
    message: TOO_MANY_WRITES,
    route: "POST /api/payment-requests/:id/remind",
  },
  // Each split makes up to 20 requests.
  createSplit: {
    key: "user",
    max: 10,
    windowMs: MINUTE,
    message: TOO_MANY_WRITES,
    route: "POST /api/splits",
  },
  saveContact: {
    key: "user",
    max: 60,
    windowMs: MINUTE,
    message: TOO_MANY_WRITES,
    route: "POST /api/payees",
  },
  deleteContact: {
    key: "user",
    max: 60,
    windowMs: MINUTE,
    message: TOO_MANY_WRITES,
    route: "DELETE /api/payees/:id",
  },
  uploadLink: {
    key: "user",
    max: 10,
    windowMs: MINUTE,
    message: TOO_MANY_WRITES,
    route: "POST /api/profile/photo/upload",
  },
  exportCsv: {
    key: "user",
    max: 10,
    windowMs: MINUTE,
    message: TOO_MANY_WRITES,
    route: "GET /api/payment-requests/export.csv",
  },
  /** "Download my data": the whole account, streamed. */
  exportAccount: {
    key: "user",
    max: 10,
    windowMs: MINUTE,
    message: TOO_MANY_WRITES,
    route: "GET /api/account/export",
  },
  /** "Send a test notification": each one buzzes a phone. */
  pushTest: {
    key: "user",
    max: 5,
    windowMs: 10 * MINUTE,
    message: "You have sent 5 test notifications in 10 minutes. Please try again in {wait}.",
    route: "POST /api/notifications/push-test",
  },
  /** Every other signed-in POST, PUT, PATCH and DELETE. */
  otherWrite: { key: "user", max: 120, windowMs: MINUTE, message: TOO_MANY_WRITES },
  /** Upload links per hour, on top of the minute's: bounds what one account parks on disk. */
  uploadQuota: {
    key: "user",
    max: 20,
    windowMs: HOUR,
    message: "You have asked for 20 photo uploads this hour. Please try again in {wait}.",
  },

  /** Bytes of upload links handed out (a local link counts as a whole 5 MB photo): what one
   * account, one address and everyone may park on disk before the sweeper takes it. */
  uploadBytesPerAccount: {
    key: "user",
    max: 50 * MIB,
    windowMs: HOUR,
    message: "Too many photo uploads. Please try again later.",
  },
  uploadBytesPerAddress: {
    key: "client address",
    max: 100 * MIB,
    windowMs: HOUR,
    message: "Too many photo uploads. Please try again later.",
  },
  uploadBytesTotal: {
    key: "everyone",
    max: 1024 * MIB,
    windowMs: HOUR,
    message: "Too many photo uploads. Please try again later.",
  },

  // Public routes, per client address.
  /** Short codes that match nothing (pay page and its API): a scan learns nothing. */
  payPageMiss: { key: "client address", max: 20, windowMs: MINUTE, message: TRY_LATER },
  /** One-click links in emails: unsubscribe, and the payer's stop reminders (each verified one costs a write). */
  unsubscribe: { key: "client address", max: 30, windowMs: MINUTE, message: TRY_LATER },
  /** The pay page's view beacon (each costs a write). */
  payView: { key: "client address", max: 120, windowMs: MINUTE, message: TRY_LATER },
  /** The payer's receipt from a paid pay page: a drawn PDF, so a few a minute per address. */
  payReceipt: { key: "client address", max: 10, windowMs: MINUTE, message: TRY_LATER },
  /** …and from everyone together: each draws a PDF (about 40 ms of one core). */
  payReceiptCeiling: { key: "everyone", max: 300, windowMs: MINUTE, message: TRY_LATER },
  /** Link-preview cards not drawn yet (each costs a draw on the card pool). */
  cardDrawPerAddress: {
    key: "client address",
    max: 30,
    windowMs: MINUTE,
    message: "Too many link previews drawn. Please try again later.",
  },
  /** The same per requester whose cards they are: one person's many requests cannot take the pool. */
  cardDrawPerRequester: {
    key: "user",
    max: 30,
    windowMs: MINUTE,
    message: "Too many link previews drawn. Please try again later.",
  },
  claimPerAddress: { key: "client address", max: 10, windowMs: 10 * MINUTE, message: TRY_LATER },
  /** Before the request's own count: one address cannot spend it and lock the real payer out. */
  claimPerAddressAndRequest: {
    key: "client address and request",
    max: 2,
    windowMs: HOUR,
    message: "You've already told the requester. Please try again later.",
  },
  claimPerRequest: { key: "request", max: 5, windowMs: HOUR, message: TRY_LATER },
  /** Each answer stores a challenge. */
  passkeyOptions: {
    key: "client address",
    max: 20,
    windowMs: MINUTE,
    message: "Too many attempts. Please wait a minute and try again.",
    route: "POST /api/passkeys/sign-in-options",
  },

  /** "Is this reset link still good?", asked as the page opens: no scan of tokens from one place. */
  resetTokenCheck: {
    key: "client address",
    max: 20,
    windowMs: MINUTE,
    message: TRY_LATER,
    route: "GET /api/account/reset-token/:token",
  },

  // Sign-in (auth/sign-in-limits.ts, docs/decisions/007), in the order they are counted.
  /** Password sign-ins and sign-ups; counted first, so one address never uses up the ceiling. */
  passwordPerAddress: {
    key: "client address",
    max: 10,
    windowMs: MINUTE,
    message: "Too many sign-in attempts from here. Please try again in a minute.",
  },
  /** Every password check (sign-in, sign-up); SIGN_IN_CEILING_PER_MINUTE sets its max. */
  passwordCeiling: {
    key: "everyone",
    max: 300,
    windowMs: MINUTE,
    message: "Too many sign-ins right now. Please try again in a minute.",
  },
  /** better-auth's own rule for the rest of /api/identity/* (its store, its 60 s window). */
  identityPerAddress: { key: "client address", max: 100, windowMs: MINUTE, message: TRY_LATER },

  // Mail, per recipient: silent, the caller's answer is the same whether or not it went out.
  verificationResend: {
    key: "user",
    max: 3,
    windowMs: HOUR,
    message: "We've sent several emails already. Please check your inbox or try again in an hour.",
  },
  resetMail: { key: "recipient", max: 3, windowMs: HOUR, message: null },
  signUpNotice: { key: "recipient", max: 1, windowMs: DAY, message: null },

  // Mail Collect sends for a requester (mail/policy.ts), counted per mailbox (mail/recipient.ts:
  // case, +tags and Gmail's dots make no new mailbox). Silent: the card says the email was not sent.
  /** Emails from one requester to one mailbox: requests, occurrences, reminders, receipts. */
  payerMailPerPair: { key: "requester and recipient", max: 10, windowMs: DAY, message: null },
  /**
   * Emails to one mailbox from all requesters together, but for requesters it has paid before
   * (they are neither counted nor held back): twenty junk requests cannot silence a landlord.
   */
  payerMailPerRecipient: { key: "recipient", max: 20, windowMs: DAY, message: null },
  /**
   * Mailboxes one account emails for the first time that day; grows with the account's paid
   * requests (MAIL_GROWTH), so a new account cannot mail a list.
   */
  payerMailNewRecipients: { key: "user", max: 20, windowMs: DAY, message: null },
  /**
   * Payer emails from everyone in an hour (MAIL_MAX_PER_HOUR sets its max): past it mail waits in
   * the queue for the next hour, the operator hears of it, nothing is lost.
   */
  payerMailPerHour: { key: "everyone", max: 3_600, windowMs: HOUR, message: null },
  /**
   * Every call a personal API token makes, reads included (auth/api-tokens.ts): a script's own
   * allowance, beside the account's write limits that its writes count against too.
   */
  apiToken: { key: "API token", max: 600, windowMs: MINUTE, message: TOO_MANY_WRITES },
  /** Receipts and statements drawn as PDF, per account: each takes the CPU for a moment. */
  pdfDocument: { key: "user", max: 10, windowMs: MINUTE, message: TOO_MANY_WRITES },
  /** Test events and resends, per account: each is an outbound POST. */
  webhookSend: { key: "user", max: 30, windowMs: MINUTE, message: TOO_MANY_WRITES },
  /** Notification emails to one account's own address (pushes are not counted). */
  notificationMail: { key: "user", max: 30, windowMs: HOUR, message: null },
} as const satisfies Record<string, WindowLimit>;

export type LimitName = keyof typeof LIMITS;

/**
 * How an account's allowance of new payer mailboxes a day (payerMailNewRecipients) grows with
 * its history: this many more per request marked paid, up to `max`.
 */
export const MAIL_GROWTH = { perPaidRequest: 10, max: 200 } as const;

/**
 * The account lock (auth/sign-in-limits.ts): after `free` attempts that did not succeed,
 * locked for `firstMs`, doubling with each further attempt up to `maxMs`; forgotten after
 * `forgetMs` untouched. Keyed by account, or by a device that signed in to it before.
 */
export const ACCOUNT_LOCK = {
  key: "account",
  free: 5,
  firstMs: 30 * SECOND,
  maxMs: HOUR,
  forgetMs: DAY,
} as const;

/** What one address, account or everyone together may hold at once (plugins/connection-limits.ts, routes/events, below). */
export const CAPS = {
  connections: {
    /** Open sockets from one address; a trusted proxy's own address is exempt (TRUST_PROXY). */
    perAddress: 256,
    /** Open sockets in all (server.maxConnections), lowered to fit the open-file limit. */
    total: 10_000,
    /** File descriptors kept for everything else (database, files, logs) below the open-file limit. */
    reservedFds: 256,
  },
  eventStreams: {
    perUser: 20,
    perAddress: 60,
    total: 4_000,
    /** A stream ends after this (±10%); the browser's EventSource opens the next one by itself. */
    maxLifetimeMs: 30 * MINUTE,
    /** The heartbeat, and the session re-check that closes a revoked session's streams (≤ 5 s). */
    heartbeatMs: 4 * SECOND,
  },
  /** What one account keeps: every notification buzzes each push device, and every passkey sign-up reads each passkey. */
  perAccount: {
    /** Past this, a new device replaces the one heard from longest ago (routes/notifications). */
    pushDevices: 10,
    /** Past this, a new passkey is refused until one is removed (routes/passkeys). */
    passkeys: 10,
    /** Personal API tokens: past this, a new one is refused until one is revoked (routes/tokens). */
    apiTokens: 20,
    /** Webhook endpoints: each event is one POST per endpoint (routes/webhooks). */
    webhooks: 10,
  },
} as const;

/**
 * What photos and link-preview cards may cost (docs/decisions/022-hostile-images.md): pixels
 * before anything decodes them, the card pool's threads, queue, time and memory, its cache, and
 * how long unset uploads wait. Tests lower them through buildApp's `imageLimits`, and the
 * counted limits' maxima above (card draws, upload bytes) with them.
 */
export const IMAGE_LIMITS = {
  /** A photo larger than this (either side, or width x height) is refused when set. */
  photoMaxSide: 8192,
  photoMaxPixels: 36_000_000,
  /** Frames of an animated GIF or WebP (only the first is kept). */
  photoMaxFrames: 100,
  /** The re-encoded photo's longest side (the objectPath); avatars are 96 and 192 px squares. */
  photoStoredSide: 1024,
  /** How long browsers and link previewers keep a photo or a card (they outlive no deletion by more). */
  imageCacheSeconds: 24 * 60 * 60,
  /** Card draws: threads, draws waiting beyond the running ones, and each draw's time and heap. */
  cardThreads: 1,
  cardQueueMax: 8,
  cardDrawBudgetMs: 5_000,
  /**
   * A thread's start (loading satori, resvg, the fonts and emoji), which comes before a draw's
   * budget starts: from the sources, under load, it took over 6 s and failed the first card.
   */
  cardThreadStartMs: 30_000,
  cardWorkerHeapMb: 96,
  /**
   * A thread ends when it has drawn nothing this long, and its memory (~85 MB: fonts, satori,
   * resvg, its heap) goes with it: previews come in bursts when a link is shared, and a start costs
   * a few hundred milliseconds.
   */
  cardThreadIdleMs: 10_000,
  /** Retry-After when the pool is full. */
  cardBusyRetrySeconds: 5,
  /** Drawn cards kept in memory: count, bytes, and how long. */
  cardCacheMaxEntries: 200,
  cardCacheMaxBytes: 32 * MIB,
  cardCacheTtlMs: 24 * HOUR,
  cardDrawsPerAddress: LIMITS.cardDrawPerAddress.max as number,
  cardDrawsPerRequester: LIMITS.cardDrawPerRequester.max as number,
  uploadBytesPerAccount: LIMITS.uploadBytesPerAccount.max as number,
  uploadBytesPerAddress: LIMITS.uploadBytesPerAddress.max as number,
  uploadBytesTotal: LIMITS.uploadBytesTotal.max as number,
  /** An upload not set as a photo within this long is deleted; the sweeper looks this often. */
  unsetUploadMaxAgeMs: 10 * MINUTE,
  sweepEveryMs: 2 * MINUTE,
};
export type ImageLimits = typeof IMAGE_LIMITS;

/** "30 seconds", "2 minutes": how long to wait, in a 429's words. */
export function waitInWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / SECOND));
  return seconds >= 120
    ? `${Math.ceil(seconds / 60)} minutes`
    : `${seconds} second${seconds === 1 ? "" : "s"}`;
}
