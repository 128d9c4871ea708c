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
  /** A stable `<id@domain>` (jobs/effects.ts messageIdFor): a resend after a crash is the same message. */
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
  close(): void;
};

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
    return { enabled: false, send, deliver: send, close() {} };
  }
  // nodemailer is loaded with the first message, not at start-up (docs/decisions/017-fast-start-up.md).
  let transport: Promise<Transporter> | undefined;
  const deliver = async ({ fromName, ...message }: Mail) => {
    try {
      // Pooled: messages reuse a few open SMTP connections instead of one connection each
      // (3,000 reminders went out at 62/s one connection each, 166/s pooled; `npm run bench`).
      // SMTP_URL's own `?pool=false` still turns it off.
      transport ??= import("nodemailer").then((m) =>
        m.default.createTransport({ pool: true, url: mail.smtpUrl }),
      );
      // MAIL_FROM may carry its own name ("Collect <no-reply@…>"): the address is what stays.
      const address = mail.from.match(/<([^>]+)>\s*$/)?.[1] ?? mail.from;
      await (await transport).sendMail({
        from: fromName ? { name: fromName, address } : mail.from,
        ...message,
      });
    } catch (error) {
      recordFailure("mail");
      throw error;
    }
  };

  return {
    enabled: true,
    deliver,
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
