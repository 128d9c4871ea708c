import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { DependencyUnavailable } from "#server/lib/dependencies.ts";
import {
  codeForStatus,
  HttpError,
  invalidRequest,
  ServiceBusy,
  TooManyRequests,
} from "#server/lib/http-error.ts";

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

/** A body that is `{message}` and nothing that says which kind of refusal it is yet. */
function lacksCode(payload: unknown): payload is { message: string; code?: string } {
  return (
    typeof payload === "object" &&
    payload !== null &&
    !Array.isArray(payload) &&
    typeof (payload as { message?: unknown }).message === "string" &&
    (payload as { code?: unknown }).code === undefined
  );
}

/**
 * Every non-2xx answer is `{message}` (docs/product.md#decisions-the-brief-left-open): validation names the field,
 * 4xx keep their message, 5xx details stay in the log. Every 4xx also carries `code`, and `field`
 * when one field is at fault (docs/product.md#errors).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError, request, reply) => {
    let error: FastifyError | HttpError = thrown;
    if (hasZodFastifySchemaValidationErrors(thrown)) {
      const first = thrown.validation[0];
      error = invalidRequest(first?.instancePath.replace(/^\//, "").replaceAll("/", "."), first?.message);
    }
    const status = error.statusCode ?? 500;
    if (error instanceof TooManyRequests) reply.header("retry-after", String(error.retryAfterSeconds));
    if (error instanceof ServiceBusy) {
      return reply
        .status(503)
        .header("retry-after", String(error.retryAfterSeconds))
        .send({ message: error.message });
    }
    if (status >= 400 && status < 500) {
      const { code, field } = error instanceof HttpError ? error : { code: undefined, field: undefined };
      return reply.status(status).send({
        message: error.message || "Bad request",
        code: code ?? codeForStatus(status),
        ...(field ? { field } : {}),
      });
    }
    if (isUnstorableText(error)) {
      return reply
        .status(400)
        .send({ message: "Text cannot contain NUL (\\u0000) characters.", code: codeForStatus(400) });
    }
    if (error instanceof DependencyUnavailable) {
      request.log.warn({ err: error.cause, dependency: error.dependency }, `${error.dependency} unavailable`);
      return reply
        .status(503)
        .header("retry-after", "5")
        .send({ message: "Service temporarily unavailable. Please try again." });
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
  // A 4xx a route or plugin writes itself (an unknown path's 404, a refusal before any route)
  // gets the code of its status, so none goes without one; a code already there stays.
  app.addHook("preSerialization", (_request, reply, payload, done) => {
    const status = reply.statusCode;
    if (status < 400 || status >= 500 || !lacksCode(payload)) return done(null, payload);
    done(null, { ...payload, code: codeForStatus(status) });
  });
}

const EDGE_MESSAGES: Record<number, string> = {
  400: "The request could not be read.",
  408: "The request took too long to arrive.",
  414: "The address is too long.",
  431: "The request headers are too large.",
};

/**
 * Errors raised before a route runs — an undecodable URL, an over-long path parameter — answered
 * in the same `{message, code}` shape as everything else, without echoing the path back (Fastify's own
 * answers quote it). For `Fastify({ frameworkErrors })`.
 */
export function frameworkErrors(error: FastifyError, _request: unknown, reply: FastifyReply): void {
  const status = error.statusCode === 414 ? 414 : 400;
  reply.status(status).send({ message: EDGE_MESSAGES[status], code: codeForStatus(status) });
}

/**
 * Node's own refusals (headers too large, a malformed request, a request that timed out) are
 * written straight to the socket: the same `{message, code}` shape, then the connection closes.
 * For `Fastify({ clientErrorHandler })`.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const status =
    error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : error.code === "HPE_HEADER_OVERFLOW" ? 431 : 400;
  const body = JSON.stringify({ message: EDGE_MESSAGES[status], code: codeForStatus(status) });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
