import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  configurationWarnings,
  EnvSchema,
  KNOWN,
  loadConfig,
  runtimeSummary,
  SECRET_SETTINGS,
  secretSetting,
  unknownSettings,
} from "./env";

describe("loadConfig", () => {
  it("has working defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      publicUrl: "http://localhost:3000",
      dataDir: "./data",
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.trustProxy).toBe(false);
    // Limits on, counters in the database, metrics off.
    expect(config).toMatchObject({ rateLimits: true, redisUrl: undefined, metrics: undefined });
    // OWASP's argon2id cost unless told otherwise.
    expect(config.passwordHash).toEqual({ memoryKib: 19_456, iterations: 2 });
  });

  it("reads the rate-limit store and metrics settings", () => {
    const config = loadConfig({
      REDIS_URL: "redis://cache:6379/2",
      METRICS_PORT: "9091",
      RATE_LIMITS: "false",
    });
    expect(config).toMatchObject({
      rateLimits: false,
      redisUrl: "redis://cache:6379/2",
      metrics: { port: 9091, host: "127.0.0.1", token: undefined },
    });
    expect(loadConfig({ METRICS_PORT: "9091", METRICS_HOST: "10.0.0.5" }).metrics?.host).toBe("10.0.0.5");
  });

  it("reads TRUST_PROXY as on, off, or the proxies' addresses and CIDRs", () => {
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "0" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.1, 10.1.0.0/16,loopback,::1" }).trustProxy).toEqual([
      "10.0.0.1",
      "10.1.0.0/16",
      "loopback",
      "::1",
    ]);
  });

  it.each([
    [{ PORT: "eighty" }, /^Invalid configuration: PORT /],
    [{ PUBLIC_URL: "not a url" }, /^Invalid configuration: PUBLIC_URL /],
    [{ DATABASE_URL: "mysql://x" }, /^Invalid configuration: DATABASE_URL /],
    [{ OIDC_ISSUER: "https://id.example" }, /^Invalid configuration: OIDC_ISSUER /],
    [{ NODE_ENV: "production" }, /^Invalid configuration: AUTH_SECRET /],
    [{ AUTH_SECRET: "short" }, /^Invalid configuration: AUTH_SECRET /],
    [{ TRUST_PROXY: "yes" }, /^Invalid configuration: TRUST_PROXY /],
    [{ TRUST_PROXY: "10.0.0.1,proxy.example" }, /^Invalid configuration: TRUST_PROXY /],
    [{ TRUST_PROXY: "10.0.0.0/33" }, /^Invalid configuration: TRUST_PROXY /],
    [{ REDIS_URL: "localhost:6379" }, /^Invalid configuration: REDIS_URL /],
    [{ METRICS_PORT: "nine" }, /^Invalid configuration: METRICS_PORT /],
    [{ METRICS_TOKEN: "short" }, /^Invalid configuration: METRICS_TOKEN /],
    [{ RATE_LIMITS: "no" }, /^Invalid configuration: RATE_LIMITS /],
    // Which database runs must not be a guess: both set used to run PostgreSQL without a word.
    [
      { DATABASE: "embedded", DATABASE_URL: "postgres://db/collect" },
      /^Invalid configuration: DATABASE is embedded, but DATABASE_URL is set too: unset one of them$/,
    ],
  ])("names the bad variable in %j", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it("reads OIDC only when all three are set", () => {
    const config = loadConfig({
      OIDC_ISSUER: "https://id.example/",
      OIDC_CLIENT_ID: "a",
      OIDC_CLIENT_SECRET: "b",
    });
    expect(config.oidc).toMatchObject({ issuer: "https://id.example/", clientId: "a" });
  });
});

describe("mail settings", () => {
  it("reads SMTP_URL and MAIL_FROM, with a From on PUBLIC_URL's host by default", () => {
    expect(loadConfig({}).mail).toBeUndefined();
    expect(
      loadConfig({ SMTP_URL: "smtp://u:p@mail.example:587", PUBLIC_URL: "https://pay.example" }).mail,
    ).toEqual({ smtpUrl: "smtp://u:p@mail.example:587", from: "Collect <no-reply@pay.example>" });
    expect(loadConfig({ SMTP_URL: "smtps://mail.example", MAIL_FROM: "Me <me@x.example>" }).mail?.from).toBe(
      "Me <me@x.example>",
    );
    expect(() => loadConfig({ SMTP_URL: "http://mail.example" })).toThrow(
      /^Invalid configuration: SMTP_URL /,
    );
  });

  it("logs mail without SMTP only in development", () => {
    expect(loadConfig({}).mailToLog).toBe(true);
    expect(loadConfig({ NODE_ENV: "test" }).mailToLog).toBe(false);
  });
});

describe("production refuses unsafe configuration", () => {
  const production = { NODE_ENV: "production", AUTH_SECRET: "x".repeat(32) };

  it("needs a database URL unless the embedded database is chosen out loud (a typo ran PGlite)", () => {
    const typo = {
      ...production,
      PUBLIC_URL: "https://collect.example",
      DATABSE_URL: "postgres://db/collect",
    };
    expect(() => loadConfig(typo)).toThrow(/^Invalid configuration: DATABASE_URL is required in production/);
    expect(unknownSettings(typo)).toEqual(["Unknown setting DATABSE_URL: did you mean DATABASE_URL?"]);
    expect(loadConfig({ ...typo, DATABASE: "embedded" }).databaseUrl).toBeUndefined();
    expect(loadConfig({ ...typo, DATABASE_URL: "postgres://db/collect" }).databaseUrl).toBe(
      "postgres://db/collect",
    );
  });

  it("needs a public https URL, or a loopback one (texted links pointed at localhost)", () => {
    const base = { ...production, DATABASE: "embedded" };
    expect(() => loadConfig(base)).toThrow(/PUBLIC_URL is required in production/);
    expect(() => loadConfig({ ...base, PUBLIC_URL: "http://collect.example" })).toThrow(
      /PUBLIC_URL must be https/,
    );
    for (const url of ["https://collect.example", "http://127.0.0.1:3000", "http://localhost:3100"]) {
      expect(loadConfig({ ...base, PUBLIC_URL: url }).publicUrl).toBe(url);
    }
  });

  it("names every problem at once, one line each", () => {
    expect(() => loadConfig({ NODE_ENV: "production", PORT: "eighty" })).toThrow(
      new Error(
        [
          "Invalid configuration: PORT Invalid input: expected number, received NaN",
          "Invalid configuration: AUTH_SECRET is required in production",
          "Invalid configuration: DATABASE_URL is required in production (or DATABASE=embedded for the embedded database: one process, no fsync)",
          "Invalid configuration: PUBLIC_URL is required in production: the address texted links use",
        ].join("\n"),
      ),
    );
  });
});

describe("unknownSettings", () => {
  it("names variables that look like Collect's, and leaves the rest of the environment alone", () => {
    const env = {
      S3_BUCKETT: "b",
      SMTP_HOST: "mail",
      REDIS_URI: "r",
      HOME: "/root",
      HOSTNAME: "x",
      PATH: "/bin",
      PWD: "/",
    };
    expect(unknownSettings(env)).toEqual([
      "Unknown setting S3_BUCKETT: did you mean S3_BUCKET?",
      "Unknown setting SMTP_HOST (docs/configuration.md).",
      "Unknown setting REDIS_URI: did you mean REDIS_URL?",
    ]);
  });
});

describe("docs/configuration.md", () => {
  it("has a row for every variable the server reads, and none for one it does not", () => {
    const table = readFileSync(path.join(import.meta.dirname, "../../docs/configuration.md"), "utf8");
    // A row's first cell names one variable or several: `OIDC_ISSUER`, `OIDC_CLIENT_ID`, ...
    const documented = [...table.matchAll(/^\| (`[A-Z0-9_]+`(?:, `[A-Z0-9_]+`)*) +\|/gm)].flatMap((row) =>
      [...(row[1] ?? "").matchAll(/`([A-Z0-9_]+)`/g)].map((name) => name[1]),
    );
    expect([...documented].sort()).toEqual([...KNOWN].sort());
  });
});

describe("runtimeSummary", () => {
  it("says what runs without a credential", () => {
    const config = loadConfig({
      DATABASE_URL: "postgres://collect:hunter2@db.internal:5432/collect",
      REDIS_URL: "redis://:secret@cache:6379/2",
      SMTP_URL: "smtp://user:pw@mail.example:587",
      PUBLIC_URL: "https://collect.example",
    });
    const summary = runtimeSummary(config, "1.2.3");
    expect(summary).toEqual({
      version: "1.2.3",
      database: "postgres db.internal:5432/collect",
      storage: "disk ./data",
      mail: "smtp mail.example:587",
      push: "off",
      limits: "redis cache:6379/2",
      tracing: "off",
      publicUrl: "https://collect.example",
    });
    expect(JSON.stringify(summary)).not.toMatch(/hunter2|secret|pw/);
  });

  it("says where traces go when OpenTelemetry is on", () => {
    const config = loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://user:pw@otel-collector:4318/" });
    expect(config.tracing).toEqual({
      endpoint: "http://user:pw@otel-collector:4318",
      serviceName: "collect",
    });
    expect(runtimeSummary(config, "1").tracing).toBe("on → otel-collector:4318");
    expect(loadConfig({}).tracing).toBeUndefined();
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4318" })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT/,
    );
    // The SDK's own variables are not ours to warn about; a misspelling of ours still is.
    expect(
      unknownSettings({ OTEL_EXPORTER_OTLP_HEADERS: "x=1", OTEL_EXPORTER_OTLP_ENDPINT: "http://c:4318" }),
    ).toEqual(["Unknown setting OTEL_EXPORTER_OTLP_ENDPINT: did you mean OTEL_EXPORTER_OTLP_ENDPOINT?"]);
  });
});

describe("secrets from files (X_FILE)", () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), "collect-secrets-"));
  /** A file holding `content`, as a container's secret or `echo … > file` leaves it. */
  const secretFile = (name: string, content: string) => {
    const file = path.join(folder, name);
    writeFileSync(file, content);
    return file;
  };
  const secret = "s".repeat(40);
  const production = {
    NODE_ENV: "production",
    PUBLIC_URL: "https://collect.example",
  };

  it("reads each secret setting from the file X_FILE names, without the line break ending it", () => {
    const config = loadConfig({
      ...production,
      AUTH_SECRET_FILE: secretFile("auth", `${secret}\n`),
      DATABASE_URL_FILE: secretFile("database", "postgres://collect:pw@db:5432/collect\r\n"),
      SMTP_URL_FILE: secretFile("smtp", "smtp://user:pw@mail.example:587"),
      REDIS_URL_FILE: secretFile("redis", "redis://:pw@cache:6379\n\n"),
    });
    expect(config.authSecret).toBe(secret);
    expect(config.databaseUrl).toBe("postgres://collect:pw@db:5432/collect");
    expect(config.mail?.smtpUrl).toBe("smtp://user:pw@mail.example:587");
    expect(config.redisUrl).toBe("redis://:pw@cache:6379");
    // A secret's other characters are its own: only the final line break goes.
    expect(loadConfig({ AUTH_SECRET_FILE: secretFile("spaces", ` ${secret} \n`) }).authSecret).toBe(
      ` ${secret} `,
    );
  });

  it("knows X_FILE for every secret setting, and only for those", () => {
    for (const name of SECRET_SETTINGS) {
      expect(KNOWN).toContain(name);
      expect(KNOWN).toContain(`${name}_FILE`);
    }
    expect(
      unknownSettings({ AUTH_SECRET_FILE: "/run/secrets/auth", SMTP_URL_FILE: "/run/secrets/smtp" }),
    ).toEqual([]);
    expect(KNOWN).not.toContain("PORT_FILE");
  });

  it("refuses X and X_FILE both set, a file it cannot read, an empty one, and names the file a bad value came from", () => {
    const file = secretFile("both", secret);
    expect(() => loadConfig({ AUTH_SECRET: secret, AUTH_SECRET_FILE: file })).toThrow(
      new Error("Invalid configuration: AUTH_SECRET_FILE and AUTH_SECRET are both set: unset one of them"),
    );
    const missing = path.join(folder, "missing");
    // One line for the file, not a second one saying production lacks AUTH_SECRET.
    expect(() => loadConfig({ ...production, DATABASE: "embedded", AUTH_SECRET_FILE: missing })).toThrow(
      new Error(
        `Invalid configuration: AUTH_SECRET_FILE names a file that cannot be read (ENOENT): ${missing}`,
      ),
    );
    expect(() => loadConfig({ AUTH_SECRET_FILE: secretFile("empty", "\n") })).toThrow(
      /^Invalid configuration: AUTH_SECRET_FILE names an empty file: /,
    );
    expect(() => loadConfig({ AUTH_SECRET_FILE: secretFile("short", "short\n") })).toThrow(
      new Error("Invalid configuration: AUTH_SECRET (from AUTH_SECRET_FILE) must be at least 32 characters"),
    );
  });

  it("gives a script one secret setting alone (db:move-to-postgres's DATABASE_URL)", () => {
    const file = secretFile("move", "postgres://db/collect\n");
    expect(secretSetting("DATABASE_URL", { DATABASE_URL_FILE: file })).toBe("postgres://db/collect");
    expect(secretSetting("DATABASE_URL", { DATABASE_URL: "postgres://db/x" })).toBe("postgres://db/x");
    expect(secretSetting("DATABASE_URL", {})).toBeUndefined();
    expect(() =>
      secretSetting("DATABASE_URL", { DATABASE_URL: "postgres://db/x", DATABASE_URL_FILE: file }),
    ).toThrow(/DATABASE_URL_FILE and DATABASE_URL are both set/);
  });
});

describe("configurationWarnings", () => {
  const s3 = {
    S3_ENDPOINT: "https://s3.example",
    S3_BUCKET: "photos",
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: "key",
    S3_SECRET_ACCESS_KEY: "secret",
  };
  const smtp = { SMTP_URL: "smtp://mail.example:587" };

  // Several machines on one PostgreSQL with photos on each one's disk: uploads through the
  // balancer failed and photos 404ed on the other machines, without a word at start.
  it("warns once when the database is PostgreSQL and photos are on this machine's disk", () => {
    const shared = { DATABASE_URL: "postgres://db/collect", ...smtp };
    const warnings = configurationWarnings(loadConfig(shared), shared);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^Photos are stored on this machine's disk \(\.\/data\/objects\) while the database is PostgreSQL/,
    );
    expect(warnings[0]).toContain("Set S3_* (object storage) to run on more than one machine");
    expect(configurationWarnings(loadConfig({ ...shared, ...s3 }), { ...shared, ...s3 })).toEqual([]);
    // The embedded database is one process on one machine: its disk is the only one.
    expect(configurationWarnings(loadConfig(smtp), smtp)).toEqual([]);
  });

  // Production without SMTP started without a word: password resets and confirmations never left.
  it("warns once when production runs without mail", () => {
    const production = {
      NODE_ENV: "production",
      AUTH_SECRET: "x".repeat(32),
      PUBLIC_URL: "https://collect.example",
      DATABASE_URL: "postgres://db/collect",
      ...s3,
    };
    expect(configurationWarnings(loadConfig(production), production)).toEqual([
      "Mail is off (no SMTP_URL): no password reset, email confirmation, receipt or reminder email is sent; people are told where it matters (docs/configuration.md).",
    ]);
    const withMail = { ...production, ...smtp };
    expect(configurationWarnings(loadConfig(withMail), withMail)).toEqual([]);
    // In development mail goes to the log; tests run without it.
    for (const env of [{}, { NODE_ENV: "test" }])
      expect(configurationWarnings(loadConfig(env), env)).toEqual([]);
  });
});

describe(".env.example", () => {
  // It said DATABASE_POOL_SIZE took "plus one for LISTEN" (it is plus 4), and nothing checked it.
  it("lists every setting, each one with a default at its default", () => {
    const text = readFileSync(path.join(import.meta.dirname, "../../.env.example"), "utf8");
    const lines = [...text.matchAll(/^(?:# )?([A-Z][A-Z0-9_]*)=(.*)$/gm)].map(
      ([, name = "", value = ""]) => ({
        name,
        value,
      }),
    );
    for (const { name } of lines) expect(KNOWN).toContain(name);
    // X_FILE is told once for all of them.
    const listed = new Set(lines.map((line) => line.name));
    expect(KNOWN.filter((name) => !name.endsWith("_FILE") && !listed.has(name))).toEqual([]);
    const defaults: Record<string, unknown> = EnvSchema.parse({});
    for (const { name, value } of lines) {
      if (defaults[name] === undefined || value === "") continue;
      const given: Record<string, unknown> = EnvSchema.parse({ [name]: value });
      expect({ name, value: given[name] }).toEqual({ name, value: defaults[name] });
    }
    expect(text).toContain("A process\n# holds up to DATABASE_POOL_SIZE + 4");
  });
});
