/**
 * The errors a handler throws to answer the caller: each carries its HTTP status, and its message
 * is safe to show. They depend on nothing, so any layer may throw them; plugins/errors.ts turns
 * them into answers.
 */

/** An error whose message is safe to show the caller, with its HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A 429 whose answer says when to come back: `Retry-After` in whole seconds (at least one), set
 * by the error handler. Every limiter refuses through this, so none writes the header itself.
 */
export class TooManyRequests extends HttpError {
  readonly retryAfterSeconds: number;
  constructor(message: string, waitMs: number) {
    super(429, message);
    this.retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  }
}

/**
 * A 503 for work this process has no room for right now (a full card queue): `{message}` and
 * `Retry-After`, and not logged as a failure.
 */
export class ServiceBusy extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(503, message);
  }
}
