import type { Page } from "@playwright/test";
import { type ReceivedMail, readMailDir } from "#server/test/mail-server.ts";
import { BASE, MAIL_DIR } from "../../playwright.config";
import { apiCall, confirmIn, expect, toast, uniqueEmail } from "./fixtures";
import { confirmedTest, mailTo } from "./mail";

/**
 * What a payer gets from Collect, seen from both ends with the real server and its SMTP sink:
 * a receipt only for a payment that stands (the e2e server waits MAIL_RECEIPT_DELAY_SECONDS=15,
 * playwright.config.ts), a correction when a receipt no longer stands, and a payer's "No more
 * emails from …" that the requester sees on the request's card.
 */

/** The receipt's wait on the e2e server (playwright.config.ts MAIL_RECEIPT_DELAY_SECONDS). */
const RECEIPT_DELAY_MS = 15_000;
/** Past a due time: the job queue looks every 2 s, so five of its looks (queue/queue.ts). */
const RECEIPT_MARGIN_MS = 10_000;

/** Every message to `to` whose subject matches, received so far. */
function mailsTo(to: string, subject: RegExp): ReceivedMail[] {
  return readMailDir(MAIL_DIR).filter((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject));
}

/** Looks at the sink until `until` (a Date.now() time): no more than `already` messages to `to` matching `subject`. */
async function noMailUntil(until: number, to: string, subject: RegExp, already = 0): Promise<void> {
  for (;;) {
    const arrived = mailsTo(to, subject).map((m) => m.subject);
    expect(arrived.length, `at most ${already} mail to ${to} matching ${subject}: ${arrived}`).toBe(already);
    if (Date.now() >= until) return;
    await new Promise((resolve) => setTimeout(resolve, Math.min(500, until - Date.now())));
  }
}

/** A request's card on Home, by the payer's name and the amount. */
function cardOf(page: Page, name: string, amount: string) {
  return page.locator("[data-request-id]").filter({ hasText: name }).filter({ hasText: amount });
}

/** A one-click page wider than the screen would make the payer scroll sideways to read it. */
async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** One request emailed by Collect, made through Request Payment as a requester does. */
async function requestByEmail(page: Page, payer: { name: string; email: string }, amount: string) {
  await page.goto("/request");
  await page.getByLabel("Name", { exact: true }).fill(payer.name);
  await page.getByLabel("Mobile Phone").fill("2125550142");
  await page.getByLabel("Amount").fill(amount);
  await page.getByLabel("Description").fill("Concert tickets");
  await page.getByRole("button", { name: "Due date, email and reminders" }).click();
  await page.getByLabel("Payer's email").fill(payer.email);
  await page.getByRole("radio", { name: "Email from Collect" }).check();
  await page.getByRole("button", { name: "Send Request" }).click();
  await expect(toast(page, "Payment Request Created")).toContainText(
    `Collect is emailing it to ${payer.email}`,
  );
  await expect(page).toHaveURL("/");
}

confirmedTest(
  "Undo leaves no false receipt; a mark that stands sends one receipt, and Mark as not paid corrects it",
  async ({ page }) => {
    const payer = { name: "Priya Shah", email: uniqueEmail("payer") };
    const receipt = /^Receipt: \$25\.00 to Robin E\.$/;
    await requestByEmail(page, payer, "25.00");
    const request = await mailTo(payer.email, /asks you for \$25\.00/);
    expect(request.subject).toBe("Robin E. asks you for $25.00");
    expect(request.from).toContain("Robin E. via Collect");

    const card = cardOf(page, payer.name, "$25.00");
    await card.getByRole("button", { name: "Mark Paid" }).click();
    const marked = toast(page, "Request marked as paid");
    await expect(marked).toBeVisible();
    await marked.getByRole("button", { name: "Undo" }).click();
    await expect(toast(page, "Marked as not paid")).toContainText("$25.00 from Priya Shah is pending again.");
    await expect(card.getByRole("button", { name: "Mark Paid" })).toBeEnabled();

    // Marked paid again, and this time it stands: the toast's Undo runs out unused (10 s).
    await card.getByRole("button", { name: "Mark Paid" }).click();
    const again = toast(page, "Request marked as paid");
    await expect(again).toBeVisible();
    await expect(again).toBeHidden({ timeout: 12_000 });
    // …and the receipt still waits out the rest of its 15 s.
    expect(mailsTo(payer.email, /^Receipt:/)).toHaveLength(0);
    const sent = await mailTo(payer.email, receipt, RECEIPT_DELAY_MS + RECEIPT_MARGIN_MS);
    expect(sent.text).toContain("Robin E. marked your payment of $25.00 as received. Thank you!");
    // The undone payment's receipt fell due before this one: its job has run, and sent nothing.
    await noMailUntil(Date.now() + RECEIPT_MARGIN_MS / 2, payer.email, /^Receipt:/, 1);

    // The payment did not arrive after all: the paid card's Mark as not paid corrects the receipt.
    await card.getByRole("button", { name: "Mark as not paid" }).click();
    await confirmIn(
      page,
      "Mark this payment request as not paid? Its payment page asks for payment again.",
      "Mark as not paid",
    );
    await expect(card.getByRole("button", { name: "Mark Paid" })).toBeVisible();
    const correction = await mailTo(payer.email, /^Correction:/);
    expect(correction.subject).toBe("Correction: Robin E. has not received $25.00 yet");
    expect(correction.text).toContain("the receipt we sent earlier no longer stands");
    expect(mailsTo(payer.email, /^Receipt:/)).toHaveLength(1);
    expect(mailsTo(payer.email, /^Correction:/)).toHaveLength(1);
  },
);

confirmedTest(
  "A payer stops a requester from the email, and the requester sees it on the card",
  async ({ page, browser }) => {
    const payer = { name: "Priya Shah", email: uniqueEmail("payer") };
    await apiCall(page, "POST", "/api/payment-requests", {
      recipientName: payer.name,
      recipientPhone: "2125550142",
      amount: "25.00",
      description: "Concert tickets",
      payerEmail: payer.email,
      sendBy: "email",
    });
    const mail = await mailTo(payer.email, /asks you for \$25\.00/);
    // The footer's three stops, narrowest first.
    const stops = [
      "Stop reminders for this request: ",
      "No more emails from Robin E.: ",
      "No emails from Collect at all: ",
    ];
    const at = stops.map((label) => mail.text.indexOf(label));
    expect(
      at.every((i) => i >= 0),
      mail.text,
    ).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    const stopLink = mail.text.match(/No more emails from Robin E\.: (\S+)/)?.[1] ?? "";
    expect(stopLink.startsWith(`${BASE}/api/mail/stop/`), stopLink).toBe(true);
    expect(mail.headers?.["list-unsubscribe"]).toBe(`<${stopLink}>`);

    await page.goto("/");
    const card = cardOf(page, payer.name, "$25.00");
    await expect(card).toBeVisible();
    const blocked = `Priya asked for no more emails — Collect will not email ${payer.email}`;
    await expect(card.getByText(blocked)).toHaveCount(0);

    // The payer: no session, a 320 px phone, the keyboard only.
    const payerContext = await browser.newContext({ viewport: { width: 320, height: 640 } });
    try {
      const stop = await payerContext.newPage();
      await stop.goto(stopLink);
      await expect(stop.getByRole("heading", { level: 1 })).toHaveText("Stop emails from this person?");
      expect(await horizontalOverflow(stop), "horizontal scroll on the stop page").toBeLessThanOrEqual(0);
      await stop.keyboard.press("Tab");
      await expect(stop.getByRole("button", { name: "Stop emails" })).toBeFocused();
      await stop.keyboard.press("Enter");
      await expect(stop.getByRole("heading", { level: 1 })).toHaveText("Emails stopped");
      expect(await horizontalOverflow(stop), "horizontal scroll on Emails stopped").toBeLessThanOrEqual(0);

      // The requester's card says so (no event tells an open Home: a reload reads it).
      await page.reload();
      await expect(card.getByText(blocked)).toBeVisible();
      // A new request to the same mailbox says so at once, and Collect emails nothing.
      const next = await apiCall(page, "POST", "/api/payment-requests", {
        recipientName: payer.name,
        recipientPhone: "2125550142",
        amount: "30.00",
        payerEmail: payer.email,
        sendBy: "email",
      });
      expect(next.request.reminders.emailBlocked).toBe(true);
      await page.reload();
      await expect(cardOf(page, payer.name, "$30.00").getByText(blocked)).toBeVisible();
      await noMailUntil(Date.now() + 5_000, payer.email, /asks you for \$30\.00/);

      await stop.getByRole("button", { name: "Undo: get these emails again" }).click();
      await expect(stop.getByRole("heading", { level: 1 })).toHaveText("Emails resumed");
      await page.reload();
      await expect(card).toBeVisible();
      await expect(card.getByText(blocked)).toHaveCount(0);
    } finally {
      await payerContext.close();
    }
  },
);
