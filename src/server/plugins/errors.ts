import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";

/** An error whose message is safe to show the caller, with its HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** Postgres/pg failures that mean "the database is unreachable", not "your input is bad". */
function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code ?? "";
  const cause = (error as { cause?: unknown } | null)?.cause;
  return (
    ["ECONNREFUSED", "ECONNRESET", "57P01", "57P02", "57P03", "53300", "08000", "08003", "08006"].includes(
      code,
    ) ||
    /Connection terminated|connection timeout|not currently accepting connections|database system is (starting up|shutting down)/i.test(
      String((error as Error)?.message),
    ) ||
    (cause !== undefined && cause !== error && isDatabaseUnavailable(cause))
  );
}

/** Text PostgreSQL cannot store (a NUL character, SQLSTATE 22021/22P05): bad input, not our failure. */
function isUnstorableText(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 5; depth++, e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: string }).code;
    if (code === "22021" || code === "22P05") return true;
  }
  return false;
}

/**
 * Every non-2xx answer is `{message}` (DESIGN.md "Errors"): validation names the field,
 * 4xx keep their message, 5xx details stay in the log.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath.replace(/^\//, "").replaceAll("/", ".");
      const message = first?.message ?? "Invalid request";
      return reply.status(400).send({ message: field ? `${field}: ${message}` : message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: error.message || "Bad request" });
    }
    if (isUnstorableText(error)) {
      return reply.status(400).send({ message: "Text cannot contain NUL (\\u0000) characters." });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unavailable");
      return reply
        .status(503)
        .header("retry-after", "2")
        .send({ message: "Service temporarily unavailable. Please try again." });
    }
    request.log.error({ err: error }, "request failed");
    return reply.status(500).send({ message: "Something went wrong on our side. Please try again." });
  });
}
