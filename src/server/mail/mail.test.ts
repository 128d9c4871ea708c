import net, { type AddressInfo } from "node:net";
import type { FastifyBaseLogger } from "fastify";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it } from "vitest";
import { until } from "#server/test/harness.ts";
import { startMailServer } from "#server/test/mail-server.ts";
import { createMailer } from "./mailer";
import { resetPasswordMail, signUpAttemptMail } from "./messages";

const mailServer = await startMailServer();
afterAll(() => mailServer.close());

/** A pino-shaped logger that keeps what it is given. */
function keepingLogger() {
  const lines: { level: string; fields: unknown; message: string }[] = [];
  const at =
    (level: string) =>
    (fields: unknown, message = "") =>
      lines.push({ level, fields, message });
  const logger = { info: at("info"), error: at("error"), warn: at("warn") } as unknown as FastifyBaseLogger;
  return { logger, lines };
}

describe("mail", () => {
  it("sends plain text and escaped HTML over SMTP", async () => {
    const { logger } = keepingLogger();
    const mailer = createMailer(
      { mail: { smtpUrl: mailServer.url, from: "Collect <no-reply@example.com>" } },
      logger,
    );
    const to = "o'neil@example.com";
    await mailer.send(resetPasswordMail(to, "http://localhost:3000/reset-password?token=a&b=<c>"));
    const got = await mailServer.waitFor(to, /Reset your Collect password/);
    expect(got.from).toContain("no-reply@example.com");
    expect(got.text).toContain("http://localhost:3000/reset-password?token=a&b=<c>");
    expect(got.html).toContain("token=a&amp;b=&lt;c&gt;");
    expect(got.html).toContain("o&#39;neil@example.com");
    mailer.close();
  });

  it("without SMTP, writes the message to the log only in development", async () => {
    const dev = keepingLogger();
    const off = createMailer({ mail: undefined, mailToLog: true }, dev.logger);
    expect(off.enabled).toBe(false);
    await off.send(signUpAttemptMail("a@example.com", "http://localhost:3000"));
    expect(JSON.stringify(dev.lines)).toContain("http://localhost:3000/sign-in");

    const production = keepingLogger();
    await createMailer({ mail: undefined, mailToLog: false }, production.logger).send(
      signUpAttemptMail("a@example.com", "http://localhost:3000"),
    );
    expect(production.lines).toEqual([]);
  });

  it("reuses its SMTP connections for message after message, unless SMTP_URL says pool=false", async () => {
    const connections = async (smtpUrl: string) => {
      let opened = 0;
      const server = new SMTPServer({
        authOptional: true,
        disabledCommands: ["STARTTLS", "AUTH"],
        logger: false,
        onConnect(_session, callback) {
          opened++;
          callback();
        },
        onData(stream, _session, callback) {
          stream.resume();
          stream.on("end", () => callback());
        },
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
      const { port } = server.server.address() as AddressInfo;
      const mailer = createMailer(
        { mail: { smtpUrl: smtpUrl.replace("PORT", String(port)), from: "x@example.com" } },
        keepingLogger().logger,
      );
      for (let i = 0; i < 6; i++)
        await mailer.deliver(signUpAttemptMail(`a${i}@example.com`, "http://localhost"));
      mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      return opened;
    };
    expect(await connections("smtp://127.0.0.1:PORT")).toBe(1);
    expect(await connections("smtp://127.0.0.1:PORT?pool=false")).toBe(6);
  });

  it("says SMTP is unreachable once a send cannot connect, or a probe cannot, and reachable once a send goes", async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    // Nothing sent yet: the first look starts a probe and answers at once; the probe finds it down.
    const idle = createMailer(
      { mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: "x@example.com" } },
      keepingLogger().logger,
    );
    expect(idle.reachable()).toBe(true);
    await until(() => !idle.reachable());
    idle.close();

    const mailer = createMailer(
      { mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: "x@example.com" } },
      keepingLogger().logger,
    );
    await expect(mailer.deliver(signUpAttemptMail("a@example.com", "http://localhost"))).rejects.toThrow();
    expect(mailer.reachable()).toBe(false);
    const back = await startMailServer({ port });
    try {
      await mailer.deliver(signUpAttemptMail("a@example.com", "http://localhost"));
      expect(mailer.reachable()).toBe(true);
    } finally {
      mailer.close();
      await back.close();
    }
    // Without SMTP_URL mail is off, not failing: /readyz never calls it degraded.
    expect(createMailer({ mail: undefined, mailToLog: false }, keepingLogger().logger).reachable()).toBe(
      true,
    );
  });

  it("logs, never throws, when the SMTP server cannot be reached", async () => {
    const { logger, lines } = keepingLogger();
    const mailer = createMailer({ mail: { smtpUrl: "smtp://127.0.0.1:1", from: "x@example.com" } }, logger);
    await mailer.send(signUpAttemptMail("a@example.com", "http://localhost:3000"));
    expect(lines.map((l) => l.message)).toContain("mail not sent");
  });
});
