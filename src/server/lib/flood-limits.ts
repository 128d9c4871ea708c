const HOUR = 60 * 60_000;

/**
 * Limits against flooding someone else (issue 25): mail to one recipient, and one address's
 * claims on a request. A mail cap is silent: the caller's answer is the same whether or not the
 * message went out, so it says nothing about the address (`message` null).
 */
export const FLOOD_LIMITS = {
  /** Password-reset mails to one account. */
  resetMail: { max: 3, windowMs: HOUR, message: null },
  /** "Someone tried to sign up with your email" mails to one account. */
  signUpNotice: { max: 1, windowMs: 24 * HOUR, message: null },
  /** "I've paid" from one client address on one request (the request's own cap is CLAIM_LIMITS). */
  claimPerAddress: {
    max: 2,
    windowMs: HOUR,
    message: "You've already told the requester. Please try again later.",
  },
} as const;
