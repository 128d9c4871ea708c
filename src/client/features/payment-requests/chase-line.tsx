import { Trans, useLingui } from "@lingui/react";
import { AlertTriangle, BellOff, CalendarClock, MailCheck, MailX, MessageSquareText } from "lucide-react";
import { intlLocaleOf } from "#shared/i18n/locales.ts";
import { dueLabel } from "#shared/schedule/due-date.ts";
import { localDate } from "#shared/schedule/zoned.ts";
import type { PaymentRequest } from "#shared/schemas/payment-request.ts";

/** The device's own calendar day: the requester's today. */
export function deviceToday(now = new Date()): string {
  return localDate(now, Intl.DateTimeFormat().resolvedOptions().timeZone);
}

// Warning colour with at least 4.5:1 on the card in light (amber-800 on white) and dark (amber-300 on slate-900).
const WARNING = "text-amber-800 dark:text-amber-300";
const LINE = "inline-flex items-center gap-1.5";

/**
 * What Collect chases for this request (docs/decisions/024-chasing.md): its due date ("Due Fri, Dec 4",
 * "Overdue 2 days"), the last reminder ("Reminder emailed Nov 28"), a reminder waiting for the
 * requester to text ("Reminder due"; the Text reminder button is among the card's tools), or an
 * email that could not be delivered.
 */
export function ChaseLine({ request, today = deviceToday() }: { request: PaymentRequest; today?: string }) {
  const { i18n } = useLingui();
  const pending = request.status === "pending";
  const due = pending && request.dueDate ? dueLabel(request.dueDate, today, i18n) : null;
  const { reminders } = request;
  const lines: React.ReactNode[] = [];
  if (due) {
    lines.push(
      <span key="due" className={`${LINE} ${due.overdue ? `font-semibold ${WARNING}` : ""}`}>
        <CalendarClock aria-hidden="true" className="size-3.5" />
        {due.text}
      </span>,
    );
  }
  const payer = request.recipientName.trim().split(/\s+/)[0] || request.recipientName;
  if (reminders.emailBlocked) {
    // The payer's mailbox asked for no more mail from this requester (or from Collect): nothing more goes.
    lines.push(
      <span key="blocked" role="status" className={`${LINE} font-semibold ${WARNING}`}>
        <MailX aria-hidden="true" className="size-3.5" />
        {request.payerEmail !== null
          ? i18n._("{payer} asked for no more emails — Collect will not email {email}", {
              payer,
              email: request.payerEmail,
            })
          : i18n._("{payer} asked for no more emails — Collect will not email them", { payer })}
      </span>,
    );
  } else if (pending && reminders.state === "stopped" && reminders.stoppedBy === "payer") {
    lines.push(
      <span key="stopped" role="status" className={LINE}>
        <BellOff aria-hidden="true" className="size-3.5" />
        {i18n._("{payer} stopped reminders", { payer })}
      </span>,
    );
  } else if (reminders.state === "failed" && reminders.failedEmail) {
    lines.push(
      <span key="failed" role="status" className={`${LINE} font-semibold ${WARNING}`}>
        <AlertTriangle aria-hidden="true" className="size-3.5" />
        {i18n._("Email to {email} could not be delivered", { email: reminders.failedEmail })}
      </span>,
    );
  } else if (pending && reminders.state === "due") {
    lines.push(
      <span key="remind" className={`${LINE} font-semibold ${WARNING}`}>
        <MessageSquareText aria-hidden="true" className="size-3.5" />
        {i18n._("Reminder due — Text reminder")}
      </span>,
    );
  } else if (reminders.lastChannel === "payer-email" && reminders.lastSentAt) {
    lines.push(
      <span key="emailed" className={LINE}>
        <MailCheck aria-hidden="true" className="size-3.5" />
        <Trans
          id="Reminder emailed <0>{date}</0>"
          values={{
            date: new Intl.DateTimeFormat(intlLocaleOf(i18n.locale), {
              month: "short",
              day: "numeric",
            }).format(new Date(reminders.lastSentAt)),
          }}
          components={{ 0: <time dateTime={reminders.lastSentAt} /> }}
        />
      </span>,
    );
  }
  if (lines.length === 0) return null;
  return (
    <div
      data-testid="chase-line"
      className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-300"
    >
      {lines}
    </div>
  );
}
