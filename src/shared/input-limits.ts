/** Limits enforced on both sides: the server's schemas and checks, and the forms that match them. */

/** A recipient's name, as the request form and the payee schema take it. */
export const RECIPIENT_NAME_MAX = 80;
/** A payment request's description. */
export const DESCRIPTION_MAX = 200;
/** A profile photo, in bytes (5 MiB). */
export const MAX_PHOTO_BYTES = 5_242_880;
/** The photo limit in MB as the texts count them (MiB): 5. */
export const MAX_PHOTO_MB = MAX_PHOTO_BYTES / (1024 * 1024);
/** "5 MB": the photo limit as the photo page and the server's refusals say it. */
export const MAX_PHOTO_LABEL = `${MAX_PHOTO_MB} MB`;
/** The most one request asks for, in cents ($1,000,000.00); shared/money.ts checks amounts against it. */
export const MAX_AMOUNT_CENTS = 100_000_000;
/** "$1,000,000.00": the cap as the amount texts say it. */
export const MAX_AMOUNT_LABEL = `$${(MAX_AMOUNT_CENTS / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;
/** better-auth's password limits (server/auth/auth.ts). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** Something@something.tld: the shape an email address is checked for before anything is sent. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Rows per page of a list (docs/decisions/015-keyset-pagination.md): the default and the most. */
export const PAGE_LIMIT_DEFAULT = 50;
export const PAGE_LIMIT_MAX = 100;
