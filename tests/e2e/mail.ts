import { expect } from "@playwright/test";
import { linkIn, type ReceivedMail, readMailDir } from "#server/test/mail-server.ts";
import { BASE, MAIL_DIR } from "../../playwright.config";
import { test } from "./fixtures";

/**
 * The latest message to `to` whose subject matches, as the run's SMTP server received it, waiting
 * up to `timeout` ms (a receipt waits out MAIL_RECEIPT_DELAY_SECONDS before it goes).
 */
export async function mailTo(to: string, subject: RegExp, timeout = 10_000): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      () => {
        found = readMailDir(MAIL_DIR)
          .reverse()
          .find((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject));
        return found !== undefined;
      },
      { message: `a mail to ${to} matching ${subject}`, timeout },
    )
    .toBe(true);
  return found as ReceivedMail;
}

export { linkIn };

/**
 * `test` whose `page` is signed in as a fresh ready user who has confirmed their email address
 * from the link mailed at sign-up (photo uploads need one where mail is configured).
 */
export const confirmedTest = test.extend({
  page: async ({ page, context, readyUser }, use) => {
    const mail = await mailTo(readyUser.email, /Confirm your email/);
    const link = new URL(linkIn(mail, `${BASE}/api/identity/verify-email?token=`));
    const verified = await context.request.get(`${link.pathname}${link.search}`, { maxRedirects: 0 });
    expect(verified.status()).toBe(302);
    await use(page);
  },
});
