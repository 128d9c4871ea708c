import { expect } from "@playwright/test";
import { MAIL_DIR } from "../../playwright.config";
import { linkIn, type ReceivedMail, readMailDir } from "../../src/server/test/mail-server";

/** The latest message to `to` whose subject matches, as the run's SMTP server received it. */
export async function mailTo(to: string, subject: RegExp): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      () => {
        found = readMailDir(MAIL_DIR)
          .reverse()
          .find((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject));
        return found !== undefined;
      },
      { message: `a mail to ${to} matching ${subject}`, timeout: 10_000 },
    )
    .toBe(true);
  return found as ReceivedMail;
}

export { linkIn };
