import type { FastifyRequest } from "fastify";
import type { Db } from "./db/client";
import type { Notifier } from "./db/notify";
import type { Config } from "./env";
import type { WebAuthn } from "./features/passkeys/webauthn";
import type { ViewCache } from "./features/pay-page/view-cache";
import type { ClientAssets } from "./lib/client-assets";
import type { Limiter } from "./lib/limiter";
import type { ImageLimits } from "./limits";
import type { Mailer } from "./mail/mailer";
import type { Auth } from "./plugins/auth";
import type { SignInLimits } from "./plugins/sign-in-limits";
import type { ObjectStorage } from "./storage/object-storage";

/** What every feature's routes receive (built by app.ts; features import this, never app.ts). */
export type AppContext = {
  db: Db;
  /** Public payment views, dropped when the database notifies a change. */
  viewCache: ViewCache;
  auth: Auth;
  config: Config;
  requireUser: (request: FastifyRequest) => Promise<void>;
  requireFreshUser: (request: FastifyRequest) => Promise<void>;
  /** Whether a signed-in request's session still stands, asked afresh (long-lived streams). */
  sessionAlive: (request: FastifyRequest) => Promise<boolean>;
  /** Forgets the caller's verified session in this process (sign-out). */
  forgetSession: (request: FastifyRequest) => Promise<void>;
  /** Built CSS and the pay page's script, for server-rendered pages. */
  clientAssets: ClientAssets;
  storage: ObjectStorage;
  /** The server's secret (AUTH_SECRET or the generated one), for our own signatures. */
  secret: string;
  /** Outgoing mail (SMTP_URL), or a stand-in that says mail is off. */
  mailer: Mailer;
  /** Passkey registration and sign-in checks. */
  webAuthn: WebAuthn;
  /** NOTIFYs sent after a commit, batched (db/notify.ts). */
  notifier: Notifier;
  /** Every counted limit of limits.ts, on the shared store (lib/limiter.ts). */
  limiter: Limiter;
  /** Per-address, per-account and overall password-check limits (plugins/sign-in-limits.ts). */
  signInLimits: SignInLimits;
  /** What photos, card draws and uploads may cost (plugins/rate-limits.ts IMAGE_LIMITS). */
  imageLimits: ImageLimits;
};
