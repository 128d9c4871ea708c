import type { Mail } from "./mailer";

const PRODUCT = "Collect";

/** User text and URLs go into HTML only through here. */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );
}

/** A short message: a greeting line, paragraphs, one link, and the product's sign-off. */
function compose(
  to: string,
  subject: string,
  paragraphs: string[],
  link: { label: string; url: string },
  after: string[] = [],
): Mail {
  const text = [...paragraphs, `${link.label}: ${link.url}`, ...after, `— ${PRODUCT}`].join("\n\n");
  const p = (line: string) => `<p>${escapeHtml(line)}</p>`;
  const html = [
    `<div style="font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;color:#0f172a">`,
    ...paragraphs.map(p),
    `<p><a href="${escapeHtml(link.url)}" style="color:#047857;font-weight:600">${escapeHtml(link.label)}</a></p>`,
    ...after.map(p),
    `<p style="color:#64748b">— ${PRODUCT}</p></div>`,
  ].join("\n");
  return { to, subject, text, html };
}

export function resetPasswordMail(to: string, url: string): Mail {
  return compose(
    to,
    `Reset your ${PRODUCT} password`,
    [`Someone asked to reset the password of your ${PRODUCT} account (${to}).`],
    { label: "Choose a new password", url },
    ["The link works once, for 1 hour. If you did not ask, ignore this email: your password stays as it is."],
  );
}

export function verifyEmailMail(to: string, url: string): Mail {
  return compose(
    to,
    `Confirm your email for ${PRODUCT}`,
    [`Please confirm that ${to} is your email address, so you can always get back into your account.`],
    { label: "Confirm my email", url },
    ["If you did not create this account, ignore this email."],
  );
}

export function signUpAttemptMail(to: string, publicUrl: string): Mail {
  return compose(
    to,
    `Someone tried to sign up with your email`,
    [
      `Someone tried to create a ${PRODUCT} account with ${to}, which already has one. No new account was made.`,
      "If it was you, sign in instead — or reset your password if you forgot it.",
    ],
    { label: "Sign in", url: `${publicUrl}/sign-in` },
    ["If it was not you, you can ignore this email."],
  );
}
