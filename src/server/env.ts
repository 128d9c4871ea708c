import { readFileSync } from "node:fs";
import { z } from "zod";
import { type ProxyTrust, parseProxyList } from "#server/lib/proxy-trust.ts";
import { addressPolicy } from "#server/webhooks/address.ts";
import { LIMITS } from "./limits";
import { VAPID_ENV, vapidConfig, vapidProblems } from "./push/vapid-env";

/** argon2id cost: memory in KiB and passes (OWASP: m=19 MiB, t=2, p=1). */
export type HashCost = { memoryKib: number; iterations: number };
/**
 * The default cost, beside the settings that change it (PASSWORD_HASH_*): read at start-up without
 * loading the argon2 binding (auth/password.ts), which the app loads beside the database
 * (docs/decisions/017).
 */
export const PRODUCTION_HASH_COST: HashCost = { memoryKib: 19_456, iterations: 2 };

const isLoopbackUrl = (url: string) => /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/.test(new URL(url).hostname);

/**
 * Settings that only make sense together, read from the raw environment so that they are
 * reported beside any bad value, not after it is fixed. In production: a typo in DATABASE_URL
 * silently ran the embedded database, and texted links pointed at localhost without a Secure
 * cookie; both are refused.
 */
function crossProblems(env: Record<string, string | undefined>): [string, string][] {
  const problems: [string, string][] = [...vapidProblems(env)];
  const oidc = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET].filter(Boolean).length;
  if (oidc !== 0 && oidc !== 3) {
    problems.push(["OIDC_ISSUER", "set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together"]);
  }
  const s3 = [env.S3_ENDPOINT, env.S3_BUCKET, env.S3_REGION, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY];
  if (s3.some(Boolean) && !s3.every(Boolean))
    problems.push(["S3_ENDPOINT", "set all five S3_* variables together"]);
  if (["false", "0"].includes(env.PASSWORD_SIGN_IN ?? "") && oidc === 0) {
    problems.push(["PASSWORD_SIGN_IN", "cannot be off without an OIDC provider"]);
  }
  if (env.DATABASE === "postgres" && !env.DATABASE_URL) {
    problems.push(["DATABASE_URL", "is required with DATABASE=postgres"]);
  }
  if (env.DATABASE === "embedded" && env.DATABASE_URL) {
    problems.push(["DATABASE", "is embedded, but DATABASE_URL is set too: unset one of them"]);
  }
  // OpenTelemetry's rule: the ratio is read only by a ratio sampler. Alone it would trace everything.
  if (env.OTEL_TRACES_SAMPLER_ARG && !env.OTEL_TRACES_SAMPLER?.endsWith("traceidratio")) {
    problems.push([
      "OTEL_TRACES_SAMPLER_ARG",
      "is read only with OTEL_TRACES_SAMPLER=parentbased_traceidratio or traceidratio: set one of them too",
    ]);
  }
  if (env.NODE_ENV !== "production") return problems;
  if (!env.AUTH_SECRET) problems.push(["AUTH_SECRET", "is required in production"]);
  if (!env.DATABASE_URL && env.DATABASE !== "embedded") {
    problems.push([
      "DATABASE_URL",
      "is required in production (or DATABASE=embedded for the embedded database: one process, no fsync)",
    ]);
  }
  if (!env.PUBLIC_URL)
    problems.push(["PUBLIC_URL", "is required in production: the address texted links use"]);
  else if (
    URL.canParse(env.PUBLIC_URL) &&
    !env.PUBLIC_URL.startsWith("https://") &&
    !isLoopbackUrl(env.PUBLIC_URL)
  ) {
    problems.push(["PUBLIC_URL", "must be https:// in production (http only on a loopback address)"]);
  }
  return problems;
}

/** "true" or "1", "false" or "0": nothing else passes for a switch. */
const onOff = z.stringbool({ truthy: ["true", "1"], falsy: ["false", "0"] });

/** Every setting the server reads, from the environment, parsed once at boot (docs/configuration.md). */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional(),
  // Production runs on PostgreSQL unless the embedded database is chosen out loud.
  DATABASE: z.enum(["embedded", "postgres"]).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /** After SIGTERM: /readyz says 503 and answers carry Connection: close for this long, then the server closes. */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** A job attempt running longer (its process was killed) is failed and retried after this. A send takes seconds. */
  JOBS_EXPIRE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /** How often each process looks for such attempts. */
  JOBS_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(3_600).default(30),
  /** The longest wait before a failed (or expired) job attempt is retried, whatever its queue's backoff says. */
  JOBS_RETRY_DELAY_MAX_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3_600),
  /** The first wait before an email is tried again (queue/queue.ts MAIL_QUEUE_POLICY); it doubles each time. */
  JOBS_MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3_600).default(15),
  /**
   * How long an email is tried before it is given up (then `npm run mail:retry` sends it again):
   * an SMTP outage this long loses nothing. Below pg-boss's 14 days, after which a waiting job is dropped.
   */
  JOBS_MAIL_GIVE_UP_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 7)
    .default(24),
  /** Emails and pushes each process starts a second while people are being served (queue/pace.ts). */
  JOBS_SENDS_PER_SECOND_WHEN_BUSY: z.coerce.number().min(1).max(10_000).default(20),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** The AUTH_SECRET before a rotation: what it signed still holds (lib/signed-token.ts). */
  AUTH_SECRET_PREVIOUS: z.string().min(32, "must be at least 32 characters").optional(),
  // true | false | the proxies' addresses or CIDRs, comma-separated (lib/proxy-trust.ts).
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((v, ctx): ProxyTrust => {
      if (v === "true" || v === "1") return true;
      if (v === "false" || v === "0") return false;
      try {
        return parseProxyList(v);
      } catch {
        ctx.addIssue({
          code: "custom",
          message: "must be true, false, or the proxies' addresses or CIDRs",
        });
        return z.NEVER;
      }
    }),
  /**
   * Addresses or CIDRs webhooks may reach although private or loopback (webhooks/address.ts);
   * plain http only to loopback ones among them. Empty: public https endpoints only.
   */
  WEBHOOK_ALLOW_ADDRESSES: z
    .string()
    .default("")
    .transform((v, ctx) => {
      const list = v
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean);
      try {
        addressPolicy(list);
      } catch {
        ctx.addIssue({ code: "custom", message: "must be addresses or CIDRs, comma-separated" });
        return z.NEVER;
      }
      return list;
    }),
  /** A failed webhook's first retry waits this long, doubling to an hour at most. */
  WEBHOOK_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3_600).default(60),
  /** How long an event is retried before it is given up and its endpoint turned off. */
  WEBHOOK_GIVE_UP_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 7)
    .default(24),
  /** One POST's whole budget, connection included; an endpoint that does not answer in it is retried. */
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().positive().max(30).default(10),
  PASSWORD_SIGN_IN: onOff.default(true),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_NAME: z.string().min(1).default("Single sign-on"),
  // argon2id cost (OWASP's minimum by default); lower only for tests.
  PASSWORD_HASH_MEMORY_KIB: z.coerce
    .number()
    .int()
    .min(8)
    .max(1_048_576)
    .default(PRODUCTION_HASH_COST.memoryKib),
  PASSWORD_HASH_ITERATIONS: z.coerce.number().int().min(1).max(20).default(PRODUCTION_HASH_COST.iterations),
  SIGN_IN_CEILING_PER_MINUTE: z.coerce.number().int().min(1).default(LIMITS.passwordCeiling.max),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, "must be an smtp:// or smtps:// URL")
    .refine((v) => URL.canParse(v), "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  /** Payer emails from everyone in an hour (limits.ts payerMailPerHour): past it they wait in the queue. */
  MAIL_MAX_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(3_600),
  /** How long a receipt waits after "Mark paid" (longer than the toast's 10 s Undo). */
  MAIL_RECEIPT_DELAY_SECONDS: z.coerce.number().int().min(15).max(86_400).default(120),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // Production runtime: shared rate-limit counters, metrics.
  RATE_LIMITS: onOff.default(true),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
    .optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  // The metrics listener has no token: loopback unless said otherwise.
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  // Web Push (`npm run vapid-keys`): all three or none; none means push is off and the UI says so.
  ...VAPID_ENV,
  // OpenTelemetry traces over OTLP/HTTP to this collector (traces go to its /v1/traces); unset: off,
  // and nothing of OpenTelemetry is loaded (docs/decisions/027-tracing.md).
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default("collect"),
  // Which traces are kept: OpenTelemetry's own variables and values (lib/tracing.ts samplerOf).
  OTEL_TRACES_SAMPLER: z
    .enum([
      "always_on",
      "always_off",
      "traceidratio",
      "parentbased_always_on",
      "parentbased_always_off",
      "parentbased_traceidratio",
    ])
    .optional(),
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).optional(),
  /** The source commit the build came from (Containerfile: --build-arg COLLECT_COMMIT); in collect_build_info. */
  COLLECT_COMMIT: z
    .string()
    .regex(/^[\w.+-]{1,64}$/, "must be a commit hash or a build name (letters, digits, . _ + -)")
    .optional(),
});

export type Env = z.infer<typeof EnvSchema>;

/**
 * The settings that hold a secret. Each may come from a file instead, `X_FILE=/run/secrets/x` (a
 * container's or systemd's secrets), so that it stays out of the environment and `ps`: its
 * content without the line break ending it. X and X_FILE both set is refused.
 */
export const SECRET_SETTINGS = [
  "AUTH_SECRET",
  "AUTH_SECRET_PREVIOUS",
  "DATABASE_URL",
  "SMTP_URL",
  "REDIS_URL",
  "OIDC_CLIENT_SECRET",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "METRICS_TOKEN",
  "VAPID_PRIVATE_KEY",
] as const;
export type SecretSetting = (typeof SECRET_SETTINGS)[number];

/** The environment with each `X_FILE` read into X; the settings read, the ones that failed, and why. */
function readSecretFiles(env: Record<string, string>) {
  const out = { ...env };
  const read = new Set<string>();
  const failed = new Set<string>();
  const problems: [string, string][] = [];
  for (const name of SECRET_SETTINGS) {
    const file = env[`${name}_FILE`];
    if (file === undefined) continue;
    delete out[`${name}_FILE`];
    const problem = (message: string) => {
      failed.add(name);
      problems.push([`${name}_FILE`, message]);
    };
    if (env[name] !== undefined) {
      problem(`and ${name} are both set: unset one of them`);
      continue;
    }
    try {
      const value = readFileSync(file, "utf8").replace(/[\r\n]+$/, "");
      if (value) {
        out[name] = value;
        read.add(name);
      } else problem(`names an empty file: ${file}`);
    } catch (error) {
      problem(
        `names a file that cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"}): ${file}`,
      );
    }
  }
  return { env: out, read, failed, problems };
}

/**
 * One secret setting as the server reads it, X or the file X_FILE names, for a script that takes
 * it apart from the rest (db:move-to-postgres's DATABASE_URL); a ConfigError when it cannot.
 */
export function secretSetting(
  name: SecretSetting,
  source: NodeJS.ProcessEnv = process.env,
): string | undefined {
  const given = Object.fromEntries(
    [name, `${name}_FILE`].flatMap((key) => (source[key] ? [[key, source[key] as string]] : [])),
  );
  const files = readSecretFiles(given);
  if (files.problems.length > 0)
    throw new ConfigError(
      files.problems.map(([n, message]) => `Invalid configuration: ${n} ${message}`).join("\n"),
    );
  return files.env[name];
}

/** The settings buildApp takes, as the environment gives them; tests build one directly. */
const ConfigSchema = EnvSchema.transform((env) => ({
  port: env.PORT,
  host: env.HOST,
  publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
  dataDir: env.DATA_DIR,
  databaseUrl: env.DATABASE_URL,
  /** PostgreSQL connections per process, and the longest a statement may run (0 = no limit). */
  databasePool: { poolSize: env.DATABASE_POOL_SIZE, statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS },
  shutdownDrainMs: env.SHUTDOWN_DRAIN_MS,
  jobs: {
    expireSeconds: env.JOBS_EXPIRE_SECONDS,
    superviseSeconds: env.JOBS_SUPERVISE_SECONDS,
    retryDelayMaxSeconds: env.JOBS_RETRY_DELAY_MAX_SECONDS,
    mailRetryDelaySeconds: env.JOBS_MAIL_RETRY_DELAY_SECONDS,
    mailGiveUpHours: env.JOBS_MAIL_GIVE_UP_HOURS,
    sendsPerSecondWhenBusy: env.JOBS_SENDS_PER_SECOND_WHEN_BUSY,
  },
  authSecret: env.AUTH_SECRET,
  /** Links and cookies signed with it still hold; new ones use AUTH_SECRET (docs/operations.md). */
  ...(env.AUTH_SECRET_PREVIOUS ? { authSecretPrevious: env.AUTH_SECRET_PREVIOUS } : {}),
  /** Whose X-Forwarded-For to believe (lib/proxy-trust.ts). */
  trustProxy: env.TRUST_PROXY,
  webhooks: {
    allowAddresses: env.WEBHOOK_ALLOW_ADDRESSES,
    retryDelaySeconds: env.WEBHOOK_RETRY_DELAY_SECONDS,
    giveUpHours: env.WEBHOOK_GIVE_UP_HOURS,
    timeoutSeconds: env.WEBHOOK_TIMEOUT_SECONDS,
  },
  passwordSignIn: env.PASSWORD_SIGN_IN,
  oidc:
    env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
      ? {
          issuer: env.OIDC_ISSUER,
          clientId: env.OIDC_CLIENT_ID,
          clientSecret: env.OIDC_CLIENT_SECRET,
          name: env.OIDC_NAME,
        }
      : undefined,
  /** argon2id cost of new password hashes (docs/decisions/007-password-hashing.md). */
  passwordHash: { memoryKib: env.PASSWORD_HASH_MEMORY_KIB, iterations: env.PASSWORD_HASH_ITERATIONS },
  /** Password checks a minute, all clients and processes together (limits.ts passwordCeiling). */
  signInCeilingPerMinute: env.SIGN_IN_CEILING_PER_MINUTE,
  logLevel: env.LOG_LEVEL,
  /** Outgoing mail over SMTP; unset means no mail (features that need it say so). */
  mail: env.SMTP_URL
    ? {
        smtpUrl: env.SMTP_URL,
        from: env.MAIL_FROM ?? `Collect <no-reply@${new URL(env.PUBLIC_URL ?? "http://localhost").hostname}>`,
      }
    : undefined,
  /** Payer emails from everyone in an hour: your SMTP provider's quota, or less. */
  mailMaxPerHour: env.MAIL_MAX_PER_HOUR,
  /** A receipt waits this long after "Mark paid" and goes only if the payment still stands. */
  receiptDelayMs: env.MAIL_RECEIPT_DELAY_SECONDS * 1000,
  /** Without SMTP, write messages to the log (development only: their links are secrets). */
  mailToLog: env.NODE_ENV === "development",
  /** Photos go to this S3-compatible store; unset means local disk under dataDir. */
  s3:
    env.S3_ENDPOINT && env.S3_BUCKET && env.S3_REGION && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? {
          endpoint: env.S3_ENDPOINT,
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
  /** Folder of the built client; absent means API only (tests, dev with Vite). main.ts sets it. */
  clientDir: undefined as string | undefined,
  /** Every counted limit of limits.ts; off only for load tests. */
  rateLimits: env.RATE_LIMITS,
  /** Limit counters in Redis instead of the database. */
  redisUrl: env.REDIS_URL,
  /** Web Push's VAPID keys and contact; null: push is off (Profile → Notifications says so). */
  vapid: vapidConfig(env),
  /** Prometheus metrics on their own port and/or behind a bearer token; undefined = off. */
  metrics:
    env.METRICS_PORT || env.METRICS_TOKEN
      ? { port: env.METRICS_PORT, host: env.METRICS_HOST as string | undefined, token: env.METRICS_TOKEN }
      : undefined,
  /** OpenTelemetry traces to an OTLP/HTTP collector; undefined = off (docs/decisions/027-tracing.md). */
  tracing: env.OTEL_EXPORTER_OTLP_ENDPOINT
    ? {
        endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, ""),
        serviceName: env.OTEL_SERVICE_NAME,
        // Unset: OpenTelemetry's default, parentbased_always_on. A ratio sampler's default ratio is 1.
        ...(env.OTEL_TRACES_SAMPLER
          ? { sampler: { name: env.OTEL_TRACES_SAMPLER, ratio: env.OTEL_TRACES_SAMPLER_ARG ?? 1 } }
          : {}),
      }
    : undefined,
  /** The source commit of this build (COLLECT_COMMIT), for collect_build_info; unset: unknown. */
  ...(env.COLLECT_COMMIT ? { commit: env.COLLECT_COMMIT } : {}),
}));

export type Config = z.output<typeof ConfigSchema>;

export class ConfigError extends Error {}

/** Parses the environment; every bad value is named, one line each. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings mean "unset", as in most .env files.
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ""),
  ) as Record<string, string>;
  const files = readSecretFiles(cleaned);
  const parsed = ConfigSchema.safeParse(files.env);
  // A value read from a file is named with it; one whose file failed is told once, by the file.
  const named = ([name, message]: [string, string]): [string, string][] =>
    files.failed.has(name) ? [] : [[files.read.has(name) ? `${name} (from ${name}_FILE)` : name, message]];
  const problems: [string, string][] = [
    ...files.problems,
    ...(parsed.success
      ? []
      : parsed.error.issues.flatMap((i) => named([i.path.join(".") || "environment", i.message]))),
    ...crossProblems(files.env).flatMap(named),
  ];
  if (parsed.success && problems.length === 0) return parsed.data;
  throw new ConfigError(
    problems.map(([name, message]) => `Invalid configuration: ${name} ${message}`).join("\n"),
  );
}

/** Every variable the server reads (the table in docs/configuration.md). */
export const KNOWN = [...Object.keys(EnvSchema.shape), ...SECRET_SETTINGS.map((name) => `${name}_FILE`)];
const PREFIXES = [...new Set(KNOWN.flatMap((name) => /^[A-Z]+_/.exec(name)?.[0] ?? []))].filter(
  // OTEL_: the OpenTelemetry SDK reads dozens of its own (OTEL_EXPORTER_OTLP_HEADERS, ...).
  // COLLECT_: the test runs' own (COLLECT_TEST_RUN_TMP), inherited by the servers they start.
  (prefix) => !["NODE_", "LOG_", "OTEL_", "COLLECT_"].includes(prefix),
);

/** Levenshtein distance, for names of a few dozen characters. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(
        (row[j] ?? 0) + 1,
        (next[j - 1] ?? 0) + 1,
        (row[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    row = next;
  }
  return row[b.length] ?? 0;
}

/**
 * Variables that look like Collect's but are not (DATABSE_URL, S3_BUCKETT, SMTP_HOST): named
 * at start, since a misspelt setting otherwise changes nothing and says nothing.
 */
export function unknownSettings(source: NodeJS.ProcessEnv = process.env): string[] {
  return Object.keys(source)
    .filter((name) => !KNOWN.includes(name))
    .flatMap((name) => {
      const near = KNOWN.find((known) => {
        const allowed = known.length >= 8 ? 2 : known.length >= 5 ? 1 : 0;
        return allowed > 0 && distance(name, known) <= allowed;
      });
      if (near) return [`Unknown setting ${name}: did you mean ${near}?`];
      return PREFIXES.some((prefix) => name.startsWith(prefix))
        ? [`Unknown setting ${name} (docs/configuration.md).`]
        : [];
    });
}

/** What runs, in one start-up line's fields: never a secret (hosts only, no credentials). */
export function runtimeSummary(config: Config, version: string) {
  const host = (url: string) => {
    const parsed = new URL(url);
    return `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ""}${parsed.pathname === "/" ? "" : parsed.pathname}`;
  };
  return {
    version,
    database: config.databaseUrl ? `postgres ${host(config.databaseUrl)}` : `embedded ${config.dataDir}`,
    storage: config.s3 ? `s3 ${host(config.s3.endpoint)}/${config.s3.bucket}` : `disk ${config.dataDir}`,
    mail: config.mail ? `smtp ${host(config.mail.smtpUrl)}` : "off",
    push: config.vapid ? "on" : "off",
    limits: !config.rateLimits ? "off" : config.redisUrl ? `redis ${host(config.redisUrl)}` : "database",
    tracing: config.tracing ? `on → ${host(config.tracing.endpoint)}` : "off",
    publicUrl: config.publicUrl,
  };
}

/**
 * What a start should warn about in a configuration that is allowed (main.ts logs each, one line):
 * photos on this machine's disk while the database may be shared with other machines, and a
 * production server that cannot send mail.
 */
export function configurationWarnings(config: Config, source: NodeJS.ProcessEnv = process.env): string[] {
  const warnings: string[] = [];
  if (config.databaseUrl && !config.s3) {
    warnings.push(
      `Photos are stored on this machine's disk (${config.dataDir}/objects) while the database is PostgreSQL: with more than one machine, uploads through a load balancer fail and photos are missing on the other machines. Set S3_* (object storage) to run on more than one machine (docs/operations.md).`,
    );
  }
  if (source.NODE_ENV === "production" && !config.mail) {
    warnings.push(
      "Mail is off (no SMTP_URL): no password reset, email confirmation, receipt or reminder email is sent; people are told where it matters (docs/configuration.md).",
    );
  }
  return warnings;
}
