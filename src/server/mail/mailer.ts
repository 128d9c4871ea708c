import type { FastifyBaseLogger } from "fastify";
import type { Transporter } from "nodemailer";
import type { Config } from "#server/env.ts";
import { recordFailure } from "#server/lib/dependencies.ts";

/** One outgoing message: plain text, plus the same words as simple HTML. */
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A stable `<id@domain>` (queue/effects.ts messageIdFor): a resend after a crash is the same message. */
  messageId?: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058). */
  headers?: Record<string, string>;
  replyTo?: string;
  /** The display name on MAIL_FROM's address (e.g. the requester's name). */
  fromName?: string;
};

export type Mailer = {
  /** False without SMTP_URL: features that need mail tell the user it is not set up. */
  readonly enabled: boolean;
  /** Sends one message; failures are logged, never thrown (mail is sent after the answer's work is done). */
  send(mail: Mail): Promise<void>;
  /** Sends one message and throws when the server refuses it or cannot be reached: jobs retry on that. */
  deliver(mail: Mail): Promise<void>;
  /**
   * False while the SMTP server cannot be reached (or refuses our sign-in): the last send said
   * so, or a probe did. Never waits: a probe (`verify`, at most one per PROBE_EVERY_MS and only
   * when no send has told us meanwhile) runs in the background and answers the next call. /readyz
   * then says mail is degraded; mail waits in the queue meanwhile (queue/queue.ts MAIL_QUEUE_POLICY).
   */
  reachable(): boolean;
  close(): void;
};

/** nodemailer's codes (and Node's) for a server not reached, or not letting us in. */
const UNAVAILABLE = new Set([
  "ECONNECTION",
  "ETIMEDOUT",
  "ESOCKET",
  "EDNS",
  "ETLS",
  "EPROXY",
  "EAUTH",
  "ENOAUTH",
  "ECONNREFUSED",
  "ECONNRESET",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
]);
const serverUnavailable = (error: unknown) =>
  UNAVAILABLE.has(String((error as { code?: unknown })?.code ?? ""));

/** How long what a send or probe learnt about the server stands before /readyz probes again. */
export const PROBE_EVERY_MS = 30_000;
/** A probe that has not been answered in this long found the server unreachable. */
const PROBE_TIMEOUT_MS = 3_000;
/**
 * Every send ends well within JOBS_EXPIRE_SECONDS (60): a server that accepts the connection and
 * then stalls would otherwise hold an attempt past it (nodemailer waits 2 minutes to connect and
 * 10 for an idle socket), to be retried elsewhere while it still runs. SMTP_URL's query wins.
 */
const SEND_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

/**
 * SMTP through nodemailer when SMTP_URL is set. Without it, and only in development, the
 * message is written to the log so a developer can follow its link; in production links
 * carry secrets and stay out of logs.
 */
export function createMailer(
  config: Pick<Config, "mail"> & Partial<Pick<Config, "mailToLog">>,
  log: FastifyBaseLogger,
): Mailer {
  const mail = config.mail;
  if (!mail) {
    const send = async (message: Mail) => {
      if (config.mailToLog) {
        log.info({ to: message.to, subject: message.subject, text: message.text }, "mail (SMTP_URL not set)");
      }
    };
    return { enabled: false, send, deliver: send, reachable: () => true, close() {} };
  }
  // nodemailer is loaded with the first message, not at start-up (docs/decisions/017-fast-start-up.md).
  let transport: Promise<Transporter> | undefined;
  // What the last send or probe said of the server, and when (ms).
  let health = { reachable: true, at: 0 };
  let probing = false;
  const learn = (reachable: boolean) => {
    health = { reachable, at: Date.now() };
  };
  const deliver = async ({ fromName, ...message }: Mail) => {
    try {
      // Pooled: messages reuse a few open SMTP connections instead of one connection each
      // (3,000 reminders went out at 62/s one connection each, 166/s pooled; `npm run bench`).
      // SMTP_URL's own `?pool=false` still turns it off.
      transport ??= import("nodemailer").then((m) =>
        m.default.createTransport({ pool: true, url: mail.smtpUrl, ...SEND_TIMEOUTS }),
      );
      // MAIL_FROM may carry its own name ("Collect <no-reply@…>"): the address is what stays.
      const address = mail.from.match(/<([^>]+)>\s*$/)?.[1] ?? mail.from;
      await (await transport).sendMail({
        from: fromName ? { name: fromName, address } : mail.from,
        ...message,
      });
      learn(true);
    } catch (error) {
      recordFailure("mail");
      // A refusal (4xx, 5xx) came from a server that answers.
      learn(!serverUnavailable(error));
      throw error;
    }
  };
  /** Connects, greets and signs in as a send would, on a connection of its own with short timeouts. */
  const probe = async () => {
    const nodemailer = (await import("nodemailer")).default;
    const probing = nodemailer.createTransport({
      url: mail.smtpUrl,
      connectionTimeout: PROBE_TIMEOUT_MS,
      greetingTimeout: PROBE_TIMEOUT_MS,
      socketTimeout: PROBE_TIMEOUT_MS,
    });
    try {
      await probing.verify();
      return true;
    } catch (error) {
      return !serverUnavailable(error);
    } finally {
      probing.close();
    }
  };

  return {
    enabled: true,
    deliver,
    reachable() {
      if (!probing && Date.now() - health.at >= PROBE_EVERY_MS) {
        probing = true;
        probe()
          .then(learn, () => learn(false))
          .finally(() => {
            probing = false;
          });
      }
      return health.reachable;
    },
    async send(message) {
      try {
        await deliver(message);
      } catch (error) {
        log.error({ err: error, subject: message.subject }, "mail not sent");
      }
    },
    close: () =>
      void transport?.then(
        (t) => t.close(),
        () => {},
      ),
  };
}
