import { randomUUID } from "node:crypto";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance, LogController, type RouteOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { AppContext } from "./context";
import { configuredDatabase, type Database, openDatabase } from "./db/client";
import { sweepCounters } from "./db/counters";
import { createNotifier } from "./db/notify";
import type { Config } from "./env";
import { accountControlAuthOptions } from "./features/account-security/auth-options";
import { accountSecurityRoutes } from "./features/account-security/routes";
import { type EventStreamSettings, registerEventRoutes } from "./features/events/routes";
import { passkeyRoutes } from "./features/passkeys/routes";
import { createWebAuthn } from "./features/passkeys/webauthn";
import { payPageRoutes } from "./features/pay-page/routes";
import { registerViewCache } from "./features/pay-page/view-cache";
import { payeeRoutes } from "./features/payees/routes";
import { paymentAccountRoutes } from "./features/payment-accounts/routes";
import { paymentRequestRoutes } from "./features/payment-requests/routes";
import { photoRoutes } from "./features/photos/routes";
import { registerLocalUploadRoute } from "./features/photos/upload-route";
import { splitRoutes } from "./features/splits/routes";
import { userRoutes } from "./features/users/routes";
import { resolveAuthSecret } from "./lib/auth-secret";
import { readClientAssets } from "./lib/client-assets";
import { createHashQueue, type HashQueue } from "./lib/hash-queue";
import { createLimiter, openCounterStore } from "./lib/limiter";
import { runPeriodically } from "./lib/periodic";
import { fastifyTrustProxy, isLoopbackHost, isTrustedProxy } from "./lib/proxy-trust";
import { IMAGE_LIMITS, type ImageLimits } from "./limits";
import { createMailer } from "./mail/mailer";
import { createAuth, registerSession, type SessionUser } from "./plugins/auth";
import { registerAuthRoutes } from "./plugins/auth-routes";
import {
  type ConnectionLimits,
  connectionLimits,
  registerConnectionLimits,
} from "./plugins/connection-limits";
import { registerCsrfGuard } from "./plugins/csrf";
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from "./plugins/errors";
import { authLogger, loggerOptions, registerAccessLog } from "./plugins/logging";
import { registerOpenApi } from "./plugins/openapi";
import { registerRateLimits } from "./plugins/rate-limits";
import { registerSecurityHeaders } from "./plugins/security-headers";
import type { SessionMemo } from "./plugins/session-memo";
import { createSignInLimits } from "./plugins/sign-in-limits";
import { createLocalStorage } from "./storage/local-storage";

export type BuildOptions = {
  /** An already open database (tests); otherwise one is opened from config and closed with the app. */
  database?: Database;
  /** Where logs go (tests read them); default stdout. */
  logStream?: { write(line: string): unknown };
  /** Told of every route as it is added (the authorization-matrix test lists the routes with it). */
  onRoute?: (route: RouteOptions) => void;
  /** Tests shorten these to see them act. */
  timeouts?: Partial<typeof SERVER_TIMEOUTS>;
  /** The password-hash queue (tests pass a small one to see it fill). */
  hashQueue?: HashQueue;
  /** The verified-session memo (tests read its size). */
  sessionMemo?: SessionMemo<SessionUser>;
  /** Prefix of this app's rate-limit keys in Redis (tests keep theirs apart with it). */
  redisPrefix?: string;
  /** Open sockets per address and in all (default plugins/connection-limits.ts). */
  connectionLimits?: ConnectionLimits;
  /** Event streams' heartbeat, lifetime and total (tests lower them; default limits.ts). */
  eventStreams?: Partial<EventStreamSettings>;
  /** Tests lower these to see them act. */
  imageLimits?: Partial<ImageLimits>;
};

/**
 * Suited to a load balancer in front: keep-alive outlives its idle timeout (commonly 60 s) so it
 * never reuses a connection we just closed, and a request whose headers or body trickle in is cut
 * within 30 s (Node checks every `checkEveryMs`), so slow clients cannot hold sockets open.
 */
export const SERVER_TIMEOUTS = {
  requestMs: 28_000,
  headersMs: 15_000,
  keepAliveMs: 72_000,
  checkEveryMs: 2_000,
};

/** Builds the whole server; used by main.ts and by every API test. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const database = options.database ?? (await openDatabase(configuredDatabase(config)));

  const timeouts = { ...SERVER_TIMEOUTS, ...options.timeouts };
  const app = Fastify({
    requestTimeout: timeouts.requestMs,
    frameworkErrors,
    clientErrorHandler,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      requestTimeout: timeouts.requestMs,
      headersTimeout: Math.min(timeouts.headersMs, timeouts.requestMs),
      connectionsCheckingInterval: timeouts.checkEveryMs,
    },
    // Behind a proxy, the client IP is the address our proxy saw (lib/proxy-trust.ts).
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 64 * 1024,
    forceCloseConnections: "idle",
    return503OnClosing: true,
    logger: loggerOptions(config.logLevel, options.logStream),
    // A proxy's or client's X-Request-Id when it is a sane token, else a new UUID: logged on
    // every line and returned, so one request can be followed across proxy, app and logs.
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers["x-request-id"];
      return typeof given === "string" && /^[\w.:-]{1,128}$/.test(given) ? given : randomUUID();
    },
    logController: new LogController({ disableRequestLogging: true }),
  });

  registerConnectionLimits(
    app,
    options.connectionLimits ?? connectionLimits(),
    isTrustedProxy(config.trustProxy),
  );
  if (config.trustProxy === true && !isLoopbackHost(config.host)) {
    app.log.warn(
      { host: config.host },
      "TRUST_PROXY=true believes X-Forwarded-For from anyone who reaches this port: set it to your proxy's addresses, or listen on loopback (README, Behind a reverse proxy)",
    );
  }
  if (options.onRoute) app.addHook("onRoute", options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON only: a cross-site HTML form cannot send it (plugins/csrf.ts).
  app.removeContentTypeParser("text/plain");
  // Graceful stop: answers finished after close() began tell keep-alive clients to hang up,
  // so no idle connection holds the process open.
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  // A callback hook, not an async one: it runs on every answer, and a promise per answer shows.
  app.addHook("onSend", (request, reply, payload, done) => {
    if (closing) reply.header("connection", "close");
    reply.header("x-request-id", request.id);
    // API answers are per user and per moment: no browser or proxy may keep one, unless a
    // route says otherwise.
    if (request.url.startsWith("/api/") && !reply.hasHeader("cache-control")) {
      reply.header("cache-control", "no-store");
    }
    done(null, payload);
  });
  const notifier = createNotifier(database.db, (error) =>
    app.log.warn({ err: error }, "live update not sent (open tabs refresh when their stream reopens)"),
  );
  // Expired limit counters go every ten minutes: the table holds only live windows and locks.
  const stopCounterSweep = runPeriodically(
    "expired limit counters swept",
    10 * 60_000,
    () => sweepCounters(database.db),
    app.log,
  );
  app.addHook("onClose", async () => {
    await stopCounterSweep();
    await notifier.flush();
    if (!options.database) await database.close();
  });

  registerErrorHandling(app);
  registerOpenApi(app, config.publicUrl);
  registerAccessLog(app, config.logLevel);
  registerSecurityHeaders(app, config.publicUrl, config.s3?.endpoint);
  registerCsrfGuard(app, config.publicUrl);

  const secret = resolveAuthSecret(config.authSecret, config.dataDir);
  const hashQueue = options.hashQueue ?? createHashQueue();
  const mailer = createMailer(config, app.log);
  app.addHook("onClose", async () => mailer.close());
  const webAuthn = createWebAuthn(database.db, config.publicUrl);
  // Every counted limit (limits.ts) on one store that all processes share.
  const counters = await openCounterStore(
    { db: database.db, redisUrl: config.redisUrl, redisPrefix: options.redisPrefix },
    app.log,
  );
  app.addHook("onClose", () => counters.close());
  const limiter = createLimiter(counters, { enabled: config.rateLimits, log: app.log });
  const accountControl = accountControlAuthOptions({
    db: database.db,
    limiter,
    mailer,
    publicUrl: config.publicUrl,
    verifyPasskey: (response) => webAuthn.verifySignIn(response),
  });
  const auth = createAuth({ ...config, authSecret: secret }, database.db, {
    queue: hashQueue,
    accountControl,
    logger: authLogger(app.log),
  });
  const { requireUser, requireFreshUser, forgetSession, sessionAlive } = registerSession(
    app,
    auth,
    options.sessionMemo,
  );
  const diskStorage = config.s3
    ? null
    : createLocalStorage({ root: path.join(config.dataDir, "objects"), publicUrl: config.publicUrl, secret });
  const context: AppContext = {
    db: database.db,
    viewCache: await registerViewCache(app, database),
    auth,
    config,
    requireUser,
    requireFreshUser,
    forgetSession,
    sessionAlive,
    clientAssets: readClientAssets(config.clientDir),
    // Optional features load their packages only when configured (docs/decisions/017-fast-start-up.md).
    storage:
      diskStorage ??
      (await import("./storage/s3-storage")).createS3Storage(config.s3 as NonNullable<Config["s3"]>),
    secret,
    mailer,
    webAuthn,
    notifier,
    limiter,
    signInLimits: createSignInLimits(database.db, limiter, {
      ceilingPerMinute: config.signInCeilingPerMinute,
      secret,
    }),
    imageLimits: { ...IMAGE_LIMITS, ...options.imageLimits },
  };

  if (config.metrics) {
    const { registerMetrics } = await import("./plugins/metrics");
    await registerMetrics(app, {
      config,
      db: database.db,
      viewCache: context.viewCache,
      hashQueue,
      limitStore: counters,
    });
  }
  app.get("/healthz", async () => ({ status: "ok" }));
  app.get("/readyz", async (_request, reply) => {
    try {
      await database.ping();
      // Serving, but a dependency that only limits depend on is failing: they let calls through.
      return counters.healthy() ? { status: "ready" } : { status: "degraded", degraded: ["limit store"] };
    } catch {
      return reply.status(503).send({ message: "Database unavailable" });
    }
  });

  await registerRateLimits(app, {
    store: counters,
    limiter,
    isSignedIn: (route) =>
      [route.preHandler].flat().some((hook) => hook === requireUser || hook === requireFreshUser),
  });
  await registerAuthRoutes(app, auth, { config, hashQueue, limits: context.signInLimits });
  await app.register(userRoutes(context));
  await app.register(paymentAccountRoutes(context));
  await app.register(paymentRequestRoutes(context));
  await app.register(payeeRoutes(context));
  await app.register(payPageRoutes(context));
  await app.register(photoRoutes(context));
  await app.register(accountSecurityRoutes(context));
  await app.register(passkeyRoutes(context));
  await registerEventRoutes(app, context, database, options.eventStreams);
  await app.register(splitRoutes(context));
  if (diskStorage) await registerLocalUploadRoute(app, diskStorage);

  if (config.clientDir) await serveClient(app, config.clientDir);
  else app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: "Not found" }));
  return app;
}

/** The built client: hashed assets cached for a year, index.html for every client route. */
async function serveClient(app: FastifyInstance, clientDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: path.resolve(clientDir),
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const isApi = /^\/(api|objects)(\/|$)/.test(request.url);
    if (request.method !== "GET" || isApi) return reply.status(404).send({ message: "Not found" });
    return reply.header("cache-control", "no-cache").sendFile("index.html");
  });
}
