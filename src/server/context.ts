import type { FastifyRequest } from "fastify";
import type { Auth, SignedInScope } from "#server/auth/auth.ts";
import type { HashQueue } from "#server/auth/hash-queue.ts";
import type { SignInLimits } from "#server/auth/sign-in-limits.ts";
import type { WebAuthn } from "#server/auth/webauthn.ts";
import type { Notifier } from "#server/db/channels.ts";
import type { Database, Db } from "#server/db/client.ts";
import type { UserCache } from "#server/db/user-change.ts";
import type { ViewCache } from "#server/db/view-cache.ts";
import type { ClientAssets } from "#server/lib/client-assets.ts";
import type { SigningKeys } from "#server/lib/signed-token.ts";
import type { Limiter } from "#server/limiter/limiter.ts";
import type { AccountMail } from "#server/mail/account-mail.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import type { MailPolicy } from "#server/mail/policy.ts";
import type { PushSender } from "#server/push/push-sender.ts";
import type { Requester } from "#server/reminders/reminders-schedule.ts";
import type { LocalStorage } from "#server/storage/local-storage.ts";
import type { ObjectStorage } from "#server/storage/object-storage.ts";
import type { Webhooks } from "#server/webhooks/webhooks.ts";
import type { Clock } from "./clock";
import type { Config } from "./env";
import type { ImageLimits } from "./limits";
import type { Notify } from "./notifications/notify";
import type { JobQueue } from "./queue/queue";

/** What every feature's routes receive (built by app.ts; features import this, never app.ts). */
export type AppContext = {
  db: Db;
  /** Public payment views, dropped when the database notifies a change. */
  viewCache: ViewCache;
  /** Each requester's zone and reminder days, kept until they change (db/user-change.ts). */
  requesters: UserCache<Requester>;
  auth: Auth;
  config: Config;
  /** Wraps a route folder's signed-in routes once (auth/auth.ts). */
  signedIn: SignedInScope;
  /** The same, checking the session row on every call (account security, passkeys). */
  freshlySignedIn: SignedInScope;
  /** Whether a signed-in request's session still stands, asked afresh (long-lived streams). */
  sessionAlive: (request: FastifyRequest) => Promise<boolean>;
  /** The one clock (clock.ts); tests pass a test clock and move it. */
  clock: Clock;
  /** Scheduled work on pg-boss (queue/queue.ts, docs/decisions/023-job-queue.md). */
  jobs: JobQueue;
  /** Web Push with VAPID (push/push-sender.ts); `enabled` is false without the VAPID keys. */
  push: PushSender;
  /** Tells the requester, wherever they are (notifications/notify.ts). */
  notify: Notify;
  /** Tells the requester's own systems: signed webhooks (webhooks/webhooks.ts). */
  webhooks: Webhooks;
  /** Forgets the caller's verified session in this process (sign-out). */
  forgetSession: (request: FastifyRequest) => Promise<void>;
  /** Built CSS and the pay page's script, for server-rendered pages. */
  clientAssets: ClientAssets;
  storage: ObjectStorage;
  /** AUTH_SECRET (or the generated one) and AUTH_SECRET_PREVIOUS, for our own signatures (lib/signed-token.ts). */
  secret: SigningKeys;
  /** Outgoing mail (SMTP_URL), or a stand-in that says mail is off. */
  mailer: Mailer;
  /** Mail to the account's own address, through the queue (mail/account-mail.ts). */
  accountMail: AccountMail;
  /** What every email sent for someone must pass: confirmation, suppression, allowances (mail/policy.ts). */
  mailPolicy: MailPolicy;
  /** Passkey registration and sign-in checks. */
  webAuthn: WebAuthn;
  /** NOTIFYs sent after a commit, batched (db/channels.ts). */
  notifier: Notifier;
  /** Every counted limit of limits.ts, on the shared store (limiter/limiter.ts). */
  limiter: Limiter;
  /** Per-address, per-account and overall password-check limits (auth/sign-in-limits.ts). */
  signInLimits: SignInLimits;
  /** What photos, card draws and uploads may cost (plugins/rate-limits.ts IMAGE_LIMITS). */
  imageLimits: ImageLimits;
  /** Password hashes wait their turn here (auth/hash-queue.ts); sign-up and sign-in answer 503 when it is full. */
  hashQueue: HashQueue;
  /** Subscribes to a PostgreSQL NOTIFY channel on this process's one LISTEN connection (db/client.ts). */
  listen: Database["listen"];
  /**
   * Live-update streams (routes/events): their heartbeat, lifetime and total (tests lower them;
   * unset, limits.ts CAPS.eventStreams), and how many are open now, for /metrics.
   */
  liveStreams: {
    settings: Partial<{ heartbeatMs: number; maxLifetimeMs: number; total: number }>;
    open: () => number;
  };
  /** What /readyz asks (routes/site). */
  health: {
    /** Throws when the database does not answer. */
    ping: () => Promise<unknown>;
    /** False while the shared limit counters fail (limits then let calls through). */
    limitStoreHealthy: () => boolean;
    /** False while the SMTP server cannot be reached (mail/mailer.ts reachable): mail waits in the queue. */
    mailReachable: () => boolean;
    /** True after SIGTERM: the load balancer should send elsewhere (plugins/drain.ts). */
    draining: () => boolean;
  };
  /** Photos on this machine's disk (no S3): the upload URL is ours to serve (routes/photos). */
  localUploads: LocalStorage | null;
};
