import { z } from "zod";
import { PRODUCTION_HASH_COST } from "./lib/hash-cost";
import { type ProxyTrust, parseProxyList } from "./lib/proxy-trust";
import { LIMITS } from "./limits";

/** Every setting the server reads, from the environment, parsed once at boot (README, Configuration). */
const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    PUBLIC_URL: z.url().optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
      .optional(),
    AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
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
    PASSWORD_SIGN_IN: z
      .enum(["true", "false", "1", "0"])
      .default("true")
      .transform((v) => v === "true" || v === "1"),
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
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    // Production runtime: shared rate-limit counters, metrics.
    RATE_LIMITS: z
      .enum(["true", "false", "1", "0"])
      .default("true")
      .transform((v) => v === "true" || v === "1"),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
      .optional(),
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
    // The metrics listener has no token: loopback unless said otherwise.
    METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  })
  .superRefine((env, ctx) => {
    const oidc = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET].filter(Boolean).length;
    if (oidc !== 0 && oidc !== 3) {
      ctx.addIssue({
        code: "custom",
        path: ["OIDC_ISSUER"],
        message: "set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together",
      });
    }
    const s3 = [
      env.S3_ENDPOINT,
      env.S3_BUCKET,
      env.S3_REGION,
      env.S3_ACCESS_KEY_ID,
      env.S3_SECRET_ACCESS_KEY,
    ];
    if (s3.some(Boolean) && !s3.every(Boolean)) {
      ctx.addIssue({
        code: "custom",
        path: ["S3_ENDPOINT"],
        message: "set all five S3_* variables together",
      });
    }
    if (env.NODE_ENV === "production" && !env.AUTH_SECRET) {
      ctx.addIssue({ code: "custom", path: ["AUTH_SECRET"], message: "is required in production" });
    }
    if (!env.PASSWORD_SIGN_IN && oidc === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["PASSWORD_SIGN_IN"],
        message: "cannot be off without an OIDC provider",
      });
    }
  });

export type Env = z.infer<typeof EnvSchema>;

/** The settings buildApp takes; tests build it directly. */
export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  authSecret: string | undefined;
  /** Whose X-Forwarded-For to believe (lib/proxy-trust.ts). */
  trustProxy: ProxyTrust;
  passwordSignIn: boolean;
  oidc: { issuer: string; clientId: string; clientSecret: string; name: string } | undefined;
  /** argon2id cost of new password hashes (docs/decisions/007-password-hashing.md). */
  passwordHash: { memoryKib: number; iterations: number };
  /** Password sign-in and sign-up attempts a minute, all clients and processes together. */
  signInCeilingPerMinute: number;
  logLevel: Env["LOG_LEVEL"];
  /** Outgoing mail over SMTP; unset means no mail (features that need it say so). */
  mail?: { smtpUrl: string; from: string } | undefined;
  /** Without SMTP, write messages to the log (development only: their links are secrets). */
  mailToLog?: boolean;
  /** Photos go to this S3-compatible store; unset means local disk under dataDir. */
  s3:
    | { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string }
    | undefined;
  /** Folder of the built client; absent means API only (tests, dev with Vite). */
  clientDir: string | undefined;
  /** Per-user limits on writes (plugins/rate-limits.ts); off only for load tests. */
  rateLimits: boolean;
  /** Rate-limit counters in Redis instead of the database. */
  redisUrl: string | undefined;
  /** Prometheus metrics on their own port and/or behind a bearer token; undefined = off. */
  metrics: { port: number | undefined; host?: string; token: string | undefined } | undefined;
};

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws one line naming the variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings mean "unset", as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(
      `Invalid configuration: ${issue?.path.join(".") || "environment"} ${issue?.message ?? ""}`.trim(),
    );
  }
  const env = parsed.data;
  return {
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    authSecret: env.AUTH_SECRET,
    trustProxy: env.TRUST_PROXY,
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
    passwordHash: { memoryKib: env.PASSWORD_HASH_MEMORY_KIB, iterations: env.PASSWORD_HASH_ITERATIONS },
    signInCeilingPerMinute: env.SIGN_IN_CEILING_PER_MINUTE,
    logLevel: env.LOG_LEVEL,
    mail: env.SMTP_URL
      ? {
          smtpUrl: env.SMTP_URL,
          from:
            env.MAIL_FROM ?? `Collect <no-reply@${new URL(env.PUBLIC_URL ?? "http://localhost").hostname}>`,
        }
      : undefined,
    mailToLog: env.NODE_ENV === "development",
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
    clientDir: undefined,
    rateLimits: env.RATE_LIMITS,
    redisUrl: env.REDIS_URL,
    metrics:
      env.METRICS_PORT || env.METRICS_TOKEN
        ? { port: env.METRICS_PORT, host: env.METRICS_HOST, token: env.METRICS_TOKEN }
        : undefined,
  };
}
