import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from "fastify";
import type { Config } from "#server/env.ts";
import { queryParamsIn } from "#server/lib/db-errors.ts";
import { redactSecrets } from "#server/lib/secret-paths.ts";

const EMAIL = /[^\s@"'<>(),;:[\]\\]+@[^\s@"'<>(),;:[\]\\]+\.[^\s@"'<>(),;:[\]\\]+/g;
/** Parameter values this short (flags, amounts) are not worth hunting through every string. */
const SECRET_PARAM_MIN = 6;

/**
 * `value` as plain data for the log, without what must never be logged: a failed query's
 * parameters (a `params` field, and the "params: …" Drizzle writes into its message, which
 * wrappers copy into theirs), any parameter text wherever else it was copied, the secret in a
 * link's URL (lib/secret-paths.ts), and email addresses.
 */
function logSafe(value: unknown, params: unknown[][]): unknown {
  const secrets = params
    .flat()
    .flatMap((p) => (typeof p === "string" && p.length >= SECRET_PARAM_MIN ? [p] : []));
  const text = (s: string) => {
    let out = s;
    for (const list of params) out = out.replaceAll(`params: ${String(list)}`, "params: [REDACTED]");
    for (const secret of secrets) out = out.replaceAll(secret, "[REDACTED]");
    return redactSecrets(out).replace(EMAIL, "[EMAIL]");
  };
  const seen = new Set<unknown>();
  const copy = (v: unknown, depth: number): unknown => {
    if (typeof v === "string") return text(v);
    if (v === null || typeof v !== "object") return v;
    if (seen.has(v) || depth > 8) return "[…]";
    seen.add(v);
    if (Array.isArray(v)) return v.map((item) => copy(item, depth + 1));
    if (v instanceof Error) return copy(plainError(v), depth);
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(v)) {
      if (key !== "params" && key !== "queryOptions") out[key] = copy(item, depth + 1);
    }
    return out;
  };
  return copy(value, 0);
}

/** pino's shape for an error: type, message and stack followed through its causes, own fields. */
function plainError(error: Error): Record<string, unknown> {
  const chain: Error[] = [];
  for (let e: unknown = error; e instanceof Error && !chain.includes(e) && chain.length < 8; e = e.cause) {
    chain.push(e);
  }
  const { cause: _cause, ...fields } = error as Error & Record<string, unknown>;
  return {
    ...fields,
    type: error.constructor?.name ?? error.name,
    message: chain.map((e) => e.message).join(": "),
    stack: chain.map((e) => e.stack ?? "").join("\ncaused by: "),
  };
}

/** The `err` of every log line, redacted (logSafe). */
export function serializeError(error: unknown): unknown {
  return logSafe(error, queryParamsIn(error));
}

/** pino, as JSON lines on `stream`; credentials in headers are redacted wherever they appear. */
export function loggerOptions(
  level: Config["logLevel"],
  stream?: { write(line: string): unknown },
): FastifyServerOptions["logger"] {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: { err: serializeError },
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
      censor: "[REDACTED]",
    },
  } as FastifyServerOptions["logger"];
}

/**
 * One access line per request, written when the answer is sent: method, route pattern, URL
 * without the secret a link carries (lib/secret-paths.ts), status and duration. (Fastify's
 * default writes two lines per request, "incoming" and "completed", which cost a third of a small
 * route's throughput.)
 */
export function registerAccessLog(app: FastifyInstance, level: Config["logLevel"]): void {
  if (!["info", "debug", "trace"].includes(level)) return;
  app.addHook("onResponse", (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url,
        url: redactSecrets(request.url),
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
      // Its messages name addresses ("Sign-up attempt for existing email: …"); its details
      // may be a failed query with a token among the parameters.
      const params = queryParamsIn(args);
      log[AUTH_LEVELS[level] ?? "info"](
        { component: "auth", ...(args.length ? { details: logSafe(args, params) } : {}) },
        logSafe(String(message), params) as string,
      );
    },
  };
}
