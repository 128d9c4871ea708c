/**
 * The errors a handler throws to answer the caller: each carries its HTTP status, and its message
 * is safe to show. They depend on nothing, so any layer may throw them; plugins/errors.ts turns
 * them into answers.
 */

/**
 * The machine-readable `code` of every 4xx answer (docs/product.md#errors), beside its `message`: a
 * caller branches on the code, never on the sentence. `invalid` answers may name the one `field`
 * at fault.
 */
export const ERROR_CODES = [
  "invalid",
  "unauthorized",
  "forbidden",
  "not_found",
  "conflict",
  "too_large",
  "unsupported_media_type",
  "rate_limited",
  "bad_request",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

const CODE_OF_STATUS: Readonly<Record<number, ErrorCode>> = {
  400: "invalid",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  413: "too_large",
  415: "unsupported_media_type",
  429: "rate_limited",
};

/** The code a 4xx answer carries when its error names none: by its status, else `bad_request`. */
export function codeForStatus(status: number): ErrorCode {
  return CODE_OF_STATUS[status] ?? "bad_request";
}

/** What an answer says beyond its status and sentence: its code, and the one field at fault. */
export type ErrorDetail = { code?: ErrorCode; field?: string };

/**
 * An error whose message is safe to show the caller, with its HTTP status. A 400 about one field
 * names it (`field`, a dotted path as the API spells it: `amount`, `payee.phone`); `code` is
 * derived from the status unless given.
 */
export class HttpError extends Error {
  readonly code: ErrorCode | undefined;
  readonly field: string | undefined;
  constructor(
    readonly statusCode: number,
    message: string,
    detail: ErrorDetail = {},
  ) {
    super(message);
    this.code = detail.code;
    this.field = detail.field;
  }
}

/**
 * A request its schema refuses: 400 naming the field at fault ("amount: Amount must be…", field
 * "amount"). Fastify's validation (plugins/errors.ts) and a route that checks its body itself
 * (lib/input-region.ts readBody) answer alike.
 */
export function invalidRequest(field: string | undefined, message = "Invalid request"): HttpError {
  return new HttpError(400, field ? `${field}: ${message}` : message, {
    code: "invalid",
    field: field || undefined,
  });
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
