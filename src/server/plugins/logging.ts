import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from "fastify";
import type { Config } from "../env";

/** Query parameters that carry credentials (signed upload URLs, tokens): never logged. */
const SECRET_QUERY = /([?&](?:sig|signature|token|X-Amz-Signature|X-Amz-Credential)=)[^&]*/gi;

export const redactUrl = (url: string) => url.replace(SECRET_QUERY, "$1[REDACTED]");

/** pino, as JSON lines on `stream`; credentials in headers are redacted wherever they appear. */
export function loggerOptions(
  level: Config["logLevel"],
  stream?: { write(line: string): unknown },
): FastifyServerOptions["logger"] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
      censor: "[REDACTED]",
    },
  } as FastifyServerOptions["logger"];
}

/**
 * One access line per request, written when the answer is sent: method, route pattern, redacted
 * URL, status and duration. (Fastify's default writes two lines per request, "incoming" and
 * "completed", which cost a third of a small route's throughput.)
 */
export function registerAccessLog(app: FastifyInstance, level: Config["logLevel"]): void {
  if (!["info", "debug", "trace"].includes(level)) return;
  app.addHook("onResponse", (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url,
        url: redactUrl(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ip: request.ip,
      },
      "request",
    );
    done();
  });
}

const AUTH_LEVELS = { debug: "debug", info: "info", warn: "warn", error: "error" } as const;

/**
 * better-auth's messages go into the same pino log as JSON (its default prints coloured text to
 * the console, where a newline inside a caller's value could forge a whole log line).
 */
export function authLogger(log: FastifyBaseLogger) {
  return {
    level: "info" as const,
    log: (level: keyof typeof AUTH_LEVELS, message: string, ...args: unknown[]) => {
      log[AUTH_LEVELS[level] ?? "info"](
        { component: "auth", ...(args.length ? { details: args } : {}) },
        message,
      );
    },
  };
}
