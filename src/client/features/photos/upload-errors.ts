import { OFFLINE_MESSAGE } from "#client/lib/api.ts";

/** What the photo upload says when the server refuses the file, by status (English ids: shown through `i18n._`). */
export const UPLOAD_MESSAGES = {
  // The server says "JPEG"; the page's guidelines say JPG, so the message does too.
  unsupportedType: /*i18n*/ "Only JPG, PNG, GIF or WebP images",
  offline: OFFLINE_MESSAGE,
  failed: /*i18n*/ "The upload failed. Please try again.",
} as const;

/** Worth trying again by itself: no answer, a timeout, rate limiting or a server fault. */
export function shouldRetryUpload(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/**
 * A human sentence for a failed PUT, in English (its id: the uploader shows it in the app's language): the server's `{message}` for other refusals (413 too large,
 * 403 expired link), ours for a refused type and for faults that carry no useful text.
 */
export function uploadErrorMessage(status: number, responseText: string): string {
  if (status === 415) return UPLOAD_MESSAGES.unsupportedType;
  if (status === 0) return UPLOAD_MESSAGES.offline;
  if (status >= 500) return UPLOAD_MESSAGES.failed;
  try {
    const body = JSON.parse(responseText) as { message?: unknown };
    if (typeof body.message === "string" && body.message) return body.message;
  } catch {
    // Not JSON (a proxy's page, an S3 XML error): fall through to the plain sentence.
  }
  return UPLOAD_MESSAGES.failed;
}
