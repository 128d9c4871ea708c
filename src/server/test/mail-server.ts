import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A message as the SMTP server received it, parsed. */
export type ReceivedMail = {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Header lines as sent, by lower-case name (List-Unsubscribe, Message-ID…). */
  headers?: Record<string, string>;
};

/**
 * A real SMTP server on loopback, for tests: the app sends through nodemailer as it would in
 * production, and tests read what arrived. With `dir`, each message is also written there as
 * JSON, so Playwright workers (other processes) can read what the global setup's server got.
 */
export async function startMailServer(options: { port?: number; dir?: string } = {}) {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  if (options.dir) mkdirSync(options.dir, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const to = [parsed.to ?? []]
            .flat()
            .flatMap((a) => a.value.map((v) => (v.address ?? "").toLowerCase()));
          const mail: ReceivedMail = {
            to,
            from: parsed.from?.text ?? "",
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            headers: Object.fromEntries(
              parsed.headerLines.map((line) => [
                line.key,
                line.line.slice(line.line.indexOf(":") + 1).trim(),
              ]),
            ),
          };
          received.push(mail);
          if (options.dir) {
            // Whole or not at all for readers in other processes: written under a name they do
            // not list, then renamed (a file written in place is there, empty, before its text).
            const name = path.join(options.dir, `${Date.now()}-${received.length}.json`);
            writeFileSync(`${name}.partial`, JSON.stringify(mail));
            renameSync(`${name}.partial`, name);
          }
          for (const wake of waiters) wake();
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  // A sender killed mid-message (the resilience tests SIGKILL processes) resets its connection:
  // smtp-server reports that as an "error" event, which unheard would be an uncaught exception.
  server.on("error", () => {});
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The next message to `to` matching `subject`, waiting up to `timeoutMs` for it. */
    async waitFor(to: string, subject: RegExp, timeoutMs = 5_000): Promise<ReceivedMail> {
      const find = () =>
        [...received].reverse().find((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject));
      const deadline = Date.now() + timeoutMs;
      for (let mail = find(); ; mail = find()) {
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
          setTimeout(wake, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Messages a mail server with `dir` has written, oldest first (for other processes). */
export function readMailDir(dir: string): ReceivedMail[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith(".json"));
  } catch {
    return [];
  }
  return names
    .sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10) || a.localeCompare(b))
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), "utf8")) as ReceivedMail);
}

/** The first link in a message's text that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const match = mail.text.match(/https?:\/\/\S+/g)?.find((url) => url.startsWith(prefix));
  if (!match) throw new Error(`no ${prefix} link in "${mail.subject}": ${mail.text}`);
  return match;
}
