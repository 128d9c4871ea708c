import type { I18n } from "@lingui/core";
import { english } from "#shared/i18n/i18n-for.ts";
import { directionOf, localeOr } from "#shared/i18n/locales.ts";
import type { Mail } from "./mailer";

const PRODUCT = "Collect";

/** User text and URLs go into HTML only through here. */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );
}

/** A short message in `i18n`'s language: paragraphs, one link, and the product's sign-off. */
function compose(
  to: string,
  subject: string,
  paragraphs: string[],
  link: { label: string; url: string },
  after: string[],
  i18n: I18n,
): Mail {
  const locale = localeOr(i18n.locale);
  const text = [...paragraphs, `${link.label}: ${link.url}`, ...after, `— ${PRODUCT}`].join("\n\n");
  const p = (line: string) => `<p>${escapeHtml(line)}</p>`;
  const html = [
    `<div lang="${locale}" dir="${directionOf(locale)}" style="font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;color:#0f172a">`,
    ...paragraphs.map(p),
    `<p><a href="${escapeHtml(link.url)}" style="color:#047857;font-weight:600">${escapeHtml(link.label)}</a></p>`,
    ...after.map(p),
    `<p style="color:#64748b">— ${PRODUCT}</p></div>`,
  ].join("\n");
  return { to, subject, text, html };
}

/** The account's own mail, in its language (Profile → Language; English until one is chosen). */
export function resetPasswordMail(to: string, url: string, i18n: I18n = english()): Mail {
  return compose(
    to,
    i18n._("Reset your Collect password"),
    [i18n._("Someone asked to reset the password of your Collect account ({email}).", { email: to })],
    { label: i18n._("Choose a new password"), url },
    [
      i18n._(
        "The link works once, for 1 hour. If you did not ask, ignore this email: your password stays as it is.",
      ),
    ],
    i18n,
  );
}

export function verifyEmailMail(to: string, url: string, i18n: I18n = english()): Mail {
  return compose(
    to,
    i18n._("Confirm your email for Collect"),
    [
      i18n._(
        "Please confirm that {email} is your email address, so you can always get back into your account.",
        { email: to },
      ),
    ],
    { label: i18n._("Confirm my email"), url },
    [i18n._("If you did not create this account, ignore this email.")],
    i18n,
  );
}

export function signUpAttemptMail(to: string, publicUrl: string, i18n: I18n = english()): Mail {
  return compose(
    to,
    i18n._("Someone tried to sign up with your email"),
    [
      i18n._(
        "Someone tried to create a Collect account with {email}, which already has one. No new account was made.",
        { email: to },
      ),
      i18n._("If it was you, sign in instead — or reset your password if you forgot it."),
    ],
    { label: i18n._("Sign in"), url: `${publicUrl}/sign-in` },
    [i18n._("If it was not you, you can ignore this email.")],
    i18n,
  );
}

/** A webhook endpoint failed for a day and was turned off (webhooks/webhooks.ts). */
export function webhookDisabledMail(
  to: string,
  endpoint: string,
  publicUrl: string,
  i18n: I18n = english(),
): Mail {
  return compose(
    to,
    i18n._("A webhook endpoint was turned off"),
    [
      i18n._("Collect could not deliver events to {endpoint} for a day, so it stopped sending them.", {
        endpoint,
      }),
      i18n._("Fix the endpoint, then turn it back on and resend what it missed from its delivery log."),
    ],
    { label: i18n._("Open Developer settings"), url: `${publicUrl}/profile#developer` },
    [i18n._("You get this because you added this endpoint to your Collect account.")],
    i18n,
  );
}

/**
 * A personal API token was made, or a webhook endpoint added (routes/tokens, routes/webhooks):
 * both reach the account's requests from outside, so its owner hears of each, as of a new sign-in.
 */
export function developerAccessMail(
  to: string,
  what: { kind: "token" | "webhook"; name: string },
  publicUrl: string,
  i18n: I18n = english(),
): Mail {
  const token = what.kind === "token";
  return compose(
    to,
    token
      ? i18n._("A new API token for your Collect account")
      : i18n._("A new webhook endpoint on your Collect account"),
    [
      token
        ? i18n._(
            'An API token named "{name}" was made for your account. It can use Collect\'s API as you, within its scopes.',
            {
              name: what.name,
            },
          )
        : i18n._("Collect will now send events about your requests to {endpoint}.", { endpoint: what.name }),
      i18n._("If it was you, there is nothing to do."),
    ],
    { label: i18n._("Open Developer settings"), url: `${publicUrl}/profile#developer` },
    [
      i18n._(
        "If it was not you, revoke it there and change your password: a password change takes back every token and turns off every endpoint.",
      ),
    ],
    i18n,
  );
}
