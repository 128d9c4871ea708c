import { randomUUID } from "node:crypto";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import Fastify, {
  type FastifyInstance,
  type FastifyPluginCallback,
  LogController,
  type RouteOptions,
} from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { createTokenVerifier } from "#server/auth/api-tokens.ts";
import { createAuth, registerSession, type SessionUser } from "#server/auth/auth.ts";
import { accountControlAuthOptions } from "#server/auth/auth-options.ts";
import { resolveAuthSecret } from "#server/auth/auth-secret.ts";
import { createHashQueue, type HashQueue } from "#server/auth/hash-queue.ts";
import type { SessionMemo } from "#server/auth/session-memo.ts";
import { createSignInLimits } from "#server/auth/sign-in-limits.ts";
import { createWebAuthn } from "#server/auth/webauthn.ts";
import { type Clock, createClock } from "#server/clock.ts";
import { createNotifier, EVENTS_CHANNEL } from "#server/db/channels.ts";
import { configuredDatabase, type Database, openDatabase } from "#server/db/client.ts";
import { sweepCounters } from "#server/db/counters.ts";
import { registerViewCache } from "#server/db/view-cache.ts";
import { watchRequests } from "#server/lib/activity.ts";
import { readClientAssets } from "#server/lib/client-assets.ts";
import { watched } from "#server/lib/dependencies.ts";
import { runPeriodically } from "#server/lib/periodic.ts";
import { fastifyTrustProxy, isLoopbackHost, isTrustedProxy } from "#server/lib/proxy-trust.ts";
import { signingKeys } from "#server/lib/signed-token.ts";
import { createLimiter, openCounterStore } from "#server/limiter/limiter.ts";
import { startAccountMail } from "#server/mail/account-mail.ts";
import { createMailer } from "#server/mail/mailer.ts";
import { createMailPolicy } from "#server/mail/policy.ts";
import { scheduleDigest } from "#server/notifications/digest.ts";
import { startNotifications } from "#server/notifications/notify.ts";
import {
  type ConnectionLimits,
  connectionLimits,
  registerConnectionLimits,
} from "#server/plugins/connection-limits.ts";
import { registerCsrfGuard } from "#server/plugins/csrf.ts";
import { registerDrain } from "#server/plugins/drain.ts";
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from "#server/plugins/errors.ts";
import { authLogger, loggerOptions, registerAccessLog } from "#server/plugins/logging.ts";
import { registerOpenApi } from "#server/plugins/openapi.ts";
import { registerRateLimits } from "#server/plugins/rate-limits.ts";
import { registerSecurityHeaders } from "#server/plugins/security-headers.ts";
import { createPushSender, type PushSenderOptions } from "#server/push/push-sender.ts";
import { senderPace } from "#server/queue/pace.ts";
import { holdTransactionsUntil, startingJobQueue, startJobQueue } from "#server/queue/queue.ts";
import { startRecurring } from "#server/recurring/recurring.ts";
import { startReminders } from "#server/reminders/reminders.ts";
import { registerRequesters } from "#server/reminders/reminders-schedule.ts";
import { accountSecurityRoutes } from "#server/routes/account/routes.ts";
import { authRoutes } from "#server/routes/auth/routes.ts";
import { balanceRoutes } from "#server/routes/balances/routes.ts";
import { type EventStreamSettings, eventRoutes } from "#server/routes/events/routes.ts";
import { identityRoutes } from "#server/routes/identity/routes.ts";
import { mailRoutes } from "#server/routes/mail/routes.ts";
import { notificationRoutes } from "#server/routes/notifications/routes.ts";
import { passkeyRoutes } from "#server/routes/passkeys/routes.ts";
import { payPageRoutes } from "#server/routes/pay/routes.ts";
import { payeeRoutes } from "#server/routes/payees/routes.ts";
import { paymentAccountRoutes } from "#server/routes/payment-accounts/routes.ts";
import { paymentRequestRoutes } from "#server/routes/payment-requests/routes.ts";
import { photoRoutes } from "#server/routes/photos/routes.ts";
import { recurringRequestRoutes } from "#server/routes/recurring-requests/routes.ts";
import { siteRoutes } from "#server/routes/site/routes.ts";
import { splitRoutes } from "#server/routes/splits/routes.ts";
import { tokenRoutes } from "#server/routes/tokens/routes.ts";
import { webhookRoutes } from "#server/routes/webhooks/routes.ts";
import { createLocalStorage } from "#server/storage/local-storage.ts";
import { addressPolicy } from "#server/webhooks/address.ts";
import { startWebhooks, sweepOldDeliveries } from "#server/webhooks/webhooks.ts";
import type { AppContext } from "./context";
import type { Config } from "./env";
import { IMAGE_LIMITS, type ImageLimits } from "./limits";

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
  /** The app's one clock; tests pass a test clock (clock.ts) and move it. */
  clock?: Clock;
  /** The running version (package.json), for logs and /metrics. */
  version?: string;
  /** Prefix of this app's rate-limit keys in Redis (tests keep theirs apart with it). */
  redisPrefix?: string;
  /**
   * How long a Redis command may take before the limit lets the call through (default
   * REDIS_COMMAND_TIMEOUT_MS). Tests of the counts raise it: a loaded test machine's event loop
   * stalls past 50 ms, and a timer that fires before the answer is read counts nothing.
   */
  redisCommandTimeoutMs?: number;
  /** Open sockets per address and in all (default plugins/connection-limits.ts). */
  connectionLimits?: ConnectionLimits;
  /** Event streams' heartbeat, lifetime and total (tests lower them; default limits.ts). */
  eventStreams?: Partial<EventStreamSettings>;
  /** Tests lower these to see them act. */
  imageLimits?: Partial<ImageLimits>;
  /** Push sender options (tests let it reach their loopback push service). */
  push?: PushSenderOptions;
  /** Starts the job queue (default queue/queue.ts); tests hold its start back to see the app answer meanwhile. */
  startJobQueue?: typeof startJobQueue;
  /**
   * The job queue starts once this settles (main.ts: once the server listens). pg-boss's start —
   * its import, its checks, the app's queues; on PGlite all on the one connection and thread —
   * was ~300 ms of building the app, and no first request needs it (decision 017).
   */
  jobQueueAfter?: Promise<void>;
  /** OpenTelemetry's Fastify plugin when tracing is on (lib/tracing.ts): registered before any route. */
  tracing?: FastifyPluginCallback;
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
  // First: its onRequest hook starts each request's span, and it wraps every route added after it.
  if (options.tracing) await app.register(options.tracing);

  registerConnectionLimits(
    app,
    options.connectionLimits ?? connectionLimits(),
    isTrustedProxy(config.trustProxy),
  );
  if (config.trustProxy === true && !isLoopbackHost(config.host)) {
    app.log.warn(
      { host: config.host },
      "TRUST_PROXY=true believes X-Forwarded-For from anyone who reaches this port: set it to your proxy's addresses, or listen on loopback (docs/operations.md, Behind a reverse proxy)",
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
  const clock = options.clock ?? createClock();
  const activity = watchRequests(app.server);
  app.decorate("activity", activity);
  app.addHook("onClose", async () => activity.stop());
  // pg-boss starts beside the rest, or once `jobQueueAfter` settles: the app answers before the
  // queue is up (issue 26 item 6).
  const queueOptions = {
    db: database.db,
    kind: database.kind,
    connectionString: config.databaseUrl,
    log: app.log,
    clock,
    expireInSeconds: config.jobs.expireSeconds,
    superviseIntervalSeconds: config.jobs.superviseSeconds,
    retryDelayMaxSeconds: config.jobs.retryDelayMaxSeconds,
    // Mail waits through an SMTP outage this long (queue/queue.ts MAIL_QUEUE_POLICY).
    mailRetry: {
      retryDelaySeconds: config.jobs.mailRetryDelaySeconds,
      giveUpAfterSeconds: config.jobs.mailGiveUpHours * 3_600,
    },
    // Senders yield to the people the server is answering (docs/decisions/029-senders-yield.md).
    pace: senderPace(activity, config.jobs.sendsPerSecondWhenBusy),
  };
  // A close before then starts it too, so that what waits on it (below) ends.
  let startQueue = () => {};
  const queueMayStart = new Promise<void>((resolve) => {
    startQueue = resolve;
  });
  if (options.jobQueueAfter) options.jobQueueAfter.then(startQueue, startQueue);
  else startQueue();
  const startingJobs = queueMayStart.then(() => (options.startJobQueue ?? startJobQueue)(queueOptions));
  const jobs = startingJobQueue(startingJobs, app.log);
  if (database.kind === "pglite") holdTransactionsUntil(database.db, jobs.made);
  // What starts on the queue in the background (notifications, reminders, recurring, digest)
  // settles first, so none of it reaches a stopped queue; then running handlers finish, before
  // the database and the mailer close.
  const backgroundStarts: Promise<void>[] = [];
  app.addHook("preClose", async () => {
    startQueue();
    await Promise.allSettled(backgroundStarts);
    await jobs.stop();
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

  const drain = registerDrain(app);
  registerErrorHandling(app);
  registerOpenApi(app, config, () => auth.api.generateOpenAPISchema());
  registerAccessLog(app, config.logLevel);
  registerSecurityHeaders(app, config.publicUrl, config.s3?.endpoint);
  registerCsrfGuard(app, config.publicUrl);

  const secret = signingKeys(resolveAuthSecret(config.authSecret, config.dataDir), config.authSecretPrevious);
  const hashQueue = options.hashQueue ?? createHashQueue();
  const mailer = createMailer(config, app.log);
  app.addHook("onClose", async () => mailer.close());
  const push = createPushSender(config.vapid, app.log, options.push);
  // Every counted limit (limits.ts) on one store that all processes share.
  const counters = await openCounterStore(
    {
      db: database.db,
      redisUrl: config.redisUrl,
      redisPrefix: options.redisPrefix,
      commandTimeoutMs: options.redisCommandTimeoutMs,
    },
    app.log,
  );
  app.addHook("onClose", () => counters.close());
  const limiter = createLimiter(counters, { enabled: config.rateLimits, log: app.log });
  // Every email Collect sends for someone passes the one outbound policy (mail/policy.ts).
  const mailPolicy = createMailPolicy({
    db: database.db,
    limiter,
    maxPerHour: config.mailMaxPerHour,
    now: () => clock.now(),
    mailEnabled: mailer.enabled,
    log: app.log,
  });
  // Confirmation, reset and sign-up notices go through the queue too (mail/account-mail.ts).
  const accountMail = startAccountMail({
    db: database.db,
    jobs,
    mailer,
    mailPolicy,
    clock,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  backgroundStarts.push(accountMail.started.catch(() => {}));
  // Signed webhooks to the endpoints accounts name (webhooks/webhooks.ts, docs/api.md).
  const webhooks = startWebhooks({
    db: database.db,
    jobs,
    clock,
    publicUrl: config.publicUrl,
    accountMail,
    settings: {
      policy: addressPolicy(config.webhooks.allowAddresses),
      retryDelaySeconds: config.webhooks.retryDelaySeconds,
      giveUpAfterSeconds: config.webhooks.giveUpHours * 3_600,
      postTimeoutMs: config.webhooks.timeoutSeconds * 1_000,
      retryDelayMaxSeconds: config.jobs.retryDelayMaxSeconds,
    },
    log: app.log,
  });
  backgroundStarts.push(webhooks.started.catch(() => {}));
  const stopDeliverySweep = runPeriodically(
    "old webhook deliveries swept",
    60 * 60_000,
    () => sweepOldDeliveries(database.db, clock.now()),
    app.log,
  );
  app.addHook("onClose", () => stopDeliverySweep());
  const notify = startNotifications({
    db: database.db,
    jobs,
    mailer,
    mailPolicy,
    push,
    clock,
    publicUrl: config.publicUrl,
    secret,
    log: app.log,
  });
  backgroundStarts.push(notify.started, scheduleDigest(jobs, database.db, notify, clock, app.log));
  // Automatic reminders and the payer's emails (issue 22 items 3 and 4); tests call app.reminders.sweep().
  const reminders = startReminders({
    db: database.db,
    jobs,
    notify,
    webhooks,
    mailer,
    mailPolicy,
    clock,
    publicUrl: config.publicUrl,
    secret,
    log: app.log,
  });
  backgroundStarts.push(reminders.started);
  app.decorate("reminders", reminders);
  const webAuthn = createWebAuthn(database.db, config.publicUrl);
  const accountControl = accountControlAuthOptions({
    db: database.db,
    limiter,
    mailer,
    accountMail,
    publicUrl: config.publicUrl,
    verifyPasskey: (response) => webAuthn.verifySignIn(response),
  });
  const auth = createAuth({ ...config, authSecret: secret.current }, database.db, {
    queue: hashQueue,
    accountControl,
    logger: authLogger(app.log),
  });
  const { signedIn, freshlySignedIn, forgetSession, sessionAlive } = registerSession(
    app,
    auth,
    createTokenVerifier(database.db, limiter, () => clock.now()),
    options.sessionMemo,
  );
  const diskStorage = config.s3
    ? null
    : createLocalStorage({ root: path.join(config.dataDir, "objects"), publicUrl: config.publicUrl, secret });
  const context: AppContext = {
    db: database.db,
    viewCache: await registerViewCache(app, database),
    requesters: await registerRequesters(app, database),
    auth,
    config,
    signedIn,
    freshlySignedIn,
    forgetSession,
    clock,
    jobs,
    push,
    notify,
    webhooks,
    sessionAlive,
    clientAssets: readClientAssets(config.clientDir),
    // Optional features load their packages only when configured (docs/decisions/017-fast-start-up.md).
    // Its failures are named as its own in logs, answers and /metrics (lib/dependencies.ts).
    storage: watched(
      "object storage",
      diskStorage ??
        (await import("#server/storage/s3-storage.ts")).createS3Storage(
          config.s3 as NonNullable<Config["s3"]>,
        ),
    ),
    secret,
    mailer,
    accountMail,
    mailPolicy,
    webAuthn,
    notifier,
    limiter,
    signInLimits: createSignInLimits(database.db, limiter, {
      ceilingPerMinute: config.signInCeilingPerMinute,
      secret,
    }),
    imageLimits: { ...IMAGE_LIMITS, ...options.imageLimits },
    hashQueue,
    listen: database.listen,
    liveStreams: { settings: options.eventStreams ?? {}, open: () => 0 },
    health: {
      ping: () => database.ping(),
      limitStoreHealthy: () => counters.healthy(),
      mailReachable: () => mailer.reachable(),
      draining: () => drain.draining,
    },
    localUploads: diskStorage,
  };

  // The LISTEN connection carries live updates and cache invalidations: its loss and return are logged.
  let listening = false;
  let wasLost = false;
  const unlisten = await database.listen(EVENTS_CHANNEL, {
    message() {},
    ready: () => {
      if (wasLost) app.log.info("LISTEN connection back: live updates and cache invalidations resume");
      listening = true;
    },
    lost: () => {
      listening = false;
      wasLost = true;
      app.log.warn("LISTEN connection lost: live updates and cache invalidations wait until it is back");
    },
  });
  app.addHook("onClose", async () => unlisten());
  if (config.metrics) {
    const { registerMetrics } = await import("#server/plugins/metrics.ts");
    await registerMetrics(app, {
      config,
      db: database.db,
      viewCache: context.viewCache,
      hashQueue,
      limitStore: counters,
      eventStreams: () => context.liveStreams.open(),
      listening: () => listening,
      version: options.version ?? "dev",
    });
  }
  // Every route folder registers one way: `app.register(xRoutes(context))`. The site's own routes
  // (/healthz, /readyz) come before the per-address limits, which then cover everything else.
  await app.register(siteRoutes(context));
  await registerRateLimits(app, {
    store: counters,
    limiter,
  });
  for (const routes of [
    identityRoutes,
    authRoutes,
    paymentAccountRoutes,
    paymentRequestRoutes,
    payeeRoutes,
    balanceRoutes,
    payPageRoutes,
    photoRoutes,
    accountSecurityRoutes,
    passkeyRoutes,
    eventRoutes,
    splitRoutes,
    notificationRoutes,
    recurringRequestRoutes,
    mailRoutes,
    tokenRoutes,
    webhookRoutes,
  ]) {
    await app.register(routes(context));
  }
  backgroundStarts.push(startRecurring({ ...context, publicUrl: config.publicUrl, log: app.log }));

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
