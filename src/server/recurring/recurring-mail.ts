import type { I18n } from "@lingui/core";
import type { NotificationText } from "#server/notifications/notify.ts";
import { intlLocaleOf } from "#shared/i18n/locales.ts";
import { occurrenceLabel } from "#shared/schedule/recurrence.ts";

/** What one occurrence asks for, as its notification says it (its email: reminders-mail.ts). */
export type Occurrence = {
  recipientName: string;
  description: string | null;
  frequency: "weekly" | "biweekly" | "monthly";
  occurrenceDate: string;
};

const firstName = (name: string) => name.trim().split(/\s+/)[0] || name;

/** The requester's notification: "Rent for December is ready — Text Sam", in `i18n`'s language. */
export function readyNotice(
  o: Pick<Occurrence, "description" | "frequency" | "occurrenceDate" | "recipientName">,
): (i18n: I18n) => NotificationText {
  return (i18n) => {
    const when = occurrenceLabel(o.frequency, o.occurrenceDate, intlLocaleOf(i18n.locale));
    const title = i18n._("{what} for {when} is ready", {
      what: o.description ?? i18n._("Your request"),
      when,
    });
    return {
      title,
      body: i18n._("{ready} — Text {name}", { ready: title, name: firstName(o.recipientName) }),
    };
  };
}
