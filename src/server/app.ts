import path from "node:path";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance, type FastifyRequest, type RouteOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { type Database, type Db, openDatabase } from "./db/client";
import type { Config } from "./env";
import { payPageRoutes } from "./features/pay-page/routes";
import { registerViewCache, type ViewCache } from "./features/pay-page/view-cache";
import { payeeRoutes } from "./features/payees/routes";
import { paymentAccountRoutes } from "./features/payment-accounts/routes";
import { paymentRequestRoutes } from "./features/payment-requests/routes";
import { photoRoutes } from "./features/photos/routes";
import { registerLocalUploadRoute } from "./features/photos/upload-route";
import { userRoutes } from "./features/users/routes";
import { resolveAuthSecret } from "./lib/auth-secret";
import { type ClientAssets, readClientAssets } from "./lib/client-assets";
import { type Auth, createAuth, registerSession } from "./plugins/auth";
import { registerAuthRoutes } from "./plugins/auth-routes";
import { registerCsrfGuard } from "./plugins/csrf";
import { registerErrorHandling } from "./plugins/errors";
import { registerMetrics } from "./plugins/metrics";
import { registerRateLimits } from "./plugins/rate-limits";
import { registerSecurityHeaders } from "./plugins/security-headers";
import { createLocalStorage } from "./storage/local-storage";
import type { ObjectStorage } from "./storage/object-storage";
import { createS3Storage } from "./storage/s3-storage";

/** What every feature's routes receive. */
export type AppContext = {
  db: Db;
  /** Public payment views, dropped when the database notifies a change. */
  viewCache: ViewCache;
  auth: Auth;
  config: Config;
  requireUser: (request: FastifyRequest) => Promise<void>;
  requireFreshUser: (request: FastifyRequest) => Promise<void>;
  /** Built CSS and the pay page's script, for server-rendered pages. */
  clientAssets: ClientAssets;
  storage: ObjectStorage;
  /** The server's secret (AUTH_SECRET or the generated one), for our own signatures. */
  secret: string;
};

export type BuildOptions = {
  /** An already open database (tests); otherwise one is opened from config and closed with the app. */
  database?: Database;
  /** Where logs go (tests read them); default stdout. */
  logStream?: NodeJS.WritableStream;
  /** Told of every route as it is added (the authorization-matrix test lists the routes with it). */
  onRoute?: (route: RouteOptions) => void;
  /** Prefix of this app's rate-limit keys in Redis (tests keep theirs apart with it). */
  redisPrefix?: string;
};

const SECRET_QUERY = /([?&](?:sig|signature|token|X-Amz-Signature|X-Amz-Credential)=)[^&]*/gi;

/** Builds the whole server; used by main.ts and by every API test (CONVENTIONS.md). */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const database =
    options.database ??
    (await openDatabase(
      config.databaseUrl
        ? { kind: "postgres", url: config.databaseUrl }
        : { kind: "pglite", dataDir: config.dataDir },
    ));

  const app = Fastify({
    // Behind a proxy, trust exactly one hop: the client IP is the address our proxy saw.
    trustProxy: config.trustProxy ? (_address: string, hop: number) => hop === 0 : false,
    bodyLimit: 64 * 1024,
    forceCloseConnections: "idle",
    return503OnClosing: true,
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      redact: {
        paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
        censor: "[REDACTED]",
      },
      serializers: {
        req: (req: { method: string; url: string; ip?: string; socket?: { remoteAddress?: string } }) => ({
          method: req.method,
          url: req.url.replace(SECRET_QUERY, "$1[REDACTED]"),
          remoteAddress: req.ip ?? req.socket?.remoteAddress,
        }),
      },
    },
  });

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
  app.addHook("onSend", async (_request, reply, payload) => {
    if (closing) reply.header("connection", "close");
    return payload;
  });
  app.addHook("onClose", async () => {
    if (!options.database) await database.close();
  });

  registerErrorHandling(app);
  registerSecurityHeaders(app, config.publicUrl);
  registerCsrfGuard(app, config.publicUrl);

  const secret = resolveAuthSecret(config.authSecret, config.dataDir);
  const auth = createAuth({ ...config, authSecret: secret }, database.db);
  const { requireUser, requireFreshUser } = registerSession(app, auth);
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
    clientAssets: readClientAssets(config.clientDir),
    storage: diskStorage ?? createS3Storage(config.s3 as NonNullable<Config["s3"]>),
    secret,
  };

  await registerMetrics(app, { config, db: database.db, viewCache: context.viewCache });
  app.get("/healthz", async () => ({ status: "ok" }));
  app.get("/readyz", async (_request, reply) => {
    try {
      await database.ping();
      return { status: "ready" };
    } catch {
      return reply.status(503).send({ message: "Database unavailable" });
    }
  });

  await registerRateLimits(app, {
    config,
    db: database.db,
    isSignedIn: (route) =>
      [route.preHandler].flat().some((hook) => hook === requireUser || hook === requireFreshUser),
    redisPrefix: options.redisPrefix,
  });
  await registerAuthRoutes(app, auth, config.publicUrl);
  await app.register(userRoutes(context));
  await app.register(paymentAccountRoutes(context));
  await app.register(paymentRequestRoutes(context));
  await app.register(payeeRoutes(context));
  await app.register(payPageRoutes(context));
  await app.register(photoRoutes(context));
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
