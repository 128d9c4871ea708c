/**
 * A refusal no retry changes: the receiving server answered 5xx (no such mailbox, rejected;
 * nodemailer puts the SMTP reply code on the error). The queue completes such a job instead of
 * retrying it, and its delivery is failed at once (effects.ts deliverOnce).
 */
export function isPermanentRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown })?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}
