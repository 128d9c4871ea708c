import { createHash } from "node:crypto";
import type { I18n } from "@lingui/core";
import type { Notification } from "#server/notifications/notify.ts";
import { intlLocaleOf } from "#shared/i18n/locales.ts";
import { formatMoney } from "#shared/money.ts";
import { type ClaimVia, claimViaLabel } from "#shared/schemas/claim.ts";
import type { BalanceClaimResult, NotifiedRequest } from "./queries";

/** The payer's name as the requester typed it, short enough for a notification's first line. */
const who = (name: string, i18n: I18n) => name.trim().slice(0, 40) || i18n._("Someone");

const amountOf = (request: NotifiedRequest, i18n: I18n) =>
  formatMoney(request.amount, request.currency, intlLocaleOf(i18n.locale));

/** "Alex opened your request for $25.00" (docs/decisions/024-chasing.md), once per request. */
export function viewNotification(request: NotifiedRequest): Notification {
  return {
    userId: request.userId,
    event: "view",
    key: `view:${request.id}`,
    say: (i18n) => {
      const values = { name: who(request.recipientName, i18n), amount: amountOf(request, i18n) };
      const text = i18n._("{name} opened your request for {amount}", values);
      return { title: text, body: `${text}.` };
    },
    url: `/?request=${request.id}`,
  };
}

/**
 * "Alex says they paid $25.00 with Venmo" (`amount`: what they say they paid), once per request
 * (the first claim is the one kept), and once more after each part payment that answered one
 * (`round`: what part payments had paid by then).
 */
export function claimNotification(
  request: NotifiedRequest & { via: ClaimVia; round?: string },
  corrected = false,
): Notification {
  const round = request.round && request.round !== "0" ? `:${request.round}` : "";
  return {
    userId: request.userId,
    event: "claim",
    // A correction is told once per app and amount named (keys are exactly-once).
    key: corrected
      ? `claim:${request.id}${round}:${request.via}:${request.amount}`
      : `claim:${request.id}${round}`,
    say: (i18n) => {
      const values = { name: who(request.recipientName, i18n), amount: amountOf(request, i18n) };
      if (request.via === "other") {
        const text = corrected
          ? i18n._("{name} now says they paid {amount}", values)
          : i18n._("{name} says they paid {amount}", values);
        return {
          title: text,
          body: i18n._("{text}. Check your account and mark the request paid in Collect.", { text }),
        };
      }
      const app = claimViaLabel(request.via);
      const text = corrected
        ? i18n._("{name} now says they paid {amount} with {app}", { ...values, app })
        : i18n._("{name} says they paid {amount} with {app}", { ...values, app });
      return {
        title: text,
        body: i18n._("{text}. Check your {app} and mark the request paid in Collect.", { text, app }),
      };
    },
    url: `/?request=${request.id}`,
  };
}

/**
 * "Sam says they paid $1,490.00 for 3 requests with Venmo": a "Request all" claim, told once per
 * thing said (the requests it covered, how much of each, the app). Opens their balance.
 */
export function balanceClaimNotification(claim: Extract<BalanceClaimResult, { ok: true }>): Notification {
  const said = claim.covered.map((c) => `${c.id}=${c.amount}`).join(",");
  const digest = createHash("sha256").update(`${said}:${claim.via}`).digest("base64url").slice(0, 16);
  return {
    userId: claim.userId,
    event: "claim",
    key: `claim:all:${claim.linkId}:${digest}`,
    say: (i18n) => {
      const values = {
        name: who(claim.recipientName, i18n),
        amount: formatMoney(claim.amount, claim.currency, intlLocaleOf(i18n.locale)),
        count: claim.covered.length,
      };
      const app = claimViaLabel(claim.via);
      const text =
        claim.via === "other"
          ? i18n._(
              "{name} says they paid {amount} for {count, plural, one {# request} other {# requests}}",
              values,
            )
          : i18n._(
              "{name} says they paid {amount} for {count, plural, one {# request} other {# requests}} with {app}",
              { ...values, app },
            );
      return {
        title: text,
        body: i18n._("{text}. Check your account and mark the requests paid in Collect.", { text }),
      };
    },
    url: `/balance?phone=${encodeURIComponent(claim.recipientPhone)}`,
  };
}
