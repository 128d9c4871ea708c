/** Limits enforced on both sides: the server's schemas and checks, and the forms that match them. */

/** A recipient's name, as the request form and the payee schema take it. */
export const RECIPIENT_NAME_MAX = 80;
/** A payment request's description. */
export const DESCRIPTION_MAX = 200;
/** A profile photo, in bytes (5 MiB). */
export const MAX_PHOTO_BYTES = 5_242_880;
/** better-auth's password limits (server/plugins/auth.ts). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** Something@something.tld: the shape an email address is checked for before anything is sent. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Rows per page of a list (docs/decisions/015-keyset-pagination.md): the default and the most. */
export const PAGE_LIMIT_DEFAULT = 50;
export const PAGE_LIMIT_MAX = 100;
