import type { FastifyBaseLogger } from "fastify";
import type { Transporter } from "nodemailer";
import type { Config } from "#server/env.ts";

/** One outgoing message: plain text, plus the same words as simple HTML. */
export type Mail = { to: string; subject: string; text: string; html: string };

export type Mailer = {
  /** False without SMTP_URL: features that need mail tell the user it is not set up. */
  readonly enabled: boolean;
  /** Sends one message; failures are logged, never thrown (mail is sent after the answer's work is done). */
  send(mail: Mail): Promise<void>;
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
    return {
      enabled: false,
      async send(message) {
        if (config.mailToLog) {
          log.info(
            { to: message.to, subject: message.subject, text: message.text },
            "mail (SMTP_URL not set)",
          );
        }
      },
      close() {},
    };
  }
  // nodemailer is loaded with the first message, not at start-up (docs/decisions/017-fast-start-up.md).
  let transport: Promise<Transporter> | undefined;
  return {
    enabled: true,
    async send(message) {
      try {
        transport ??= import("nodemailer").then((m) => m.default.createTransport(mail.smtpUrl));
        await (await transport).sendMail({ from: mail.from, ...message });
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
