import { rmSync } from "node:fs";
import { startMailServer } from "#server/test/mail-server.ts";
import { MAIL_DIR, SMTP_PORT } from "../../playwright.config";

/** A real SMTP server for the run: the app mails it, tests read the messages from MAIL_DIR. */
export default async function globalSetup() {
  rmSync(MAIL_DIR, { recursive: true, force: true });
  const server = await startMailServer({ port: SMTP_PORT, dir: MAIL_DIR });
  return async () => {
    await server.close();
    rmSync(MAIL_DIR, { recursive: true, force: true });
  };
}
