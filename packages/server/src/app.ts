/**
 * The application factory: everything but `listen`. Tests call it with their own config and
 * database and drive it through `app.inject` or a real port.
 */
import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config/index.js';
import { createDb, type Db } from './db/db.js';
import { createKysely } from './db/kysely.js';
import { createChangeFeed } from './db/change-feed.js';
import { systemClock, type Deps } from './deps.js';
import { checkSchema, migrate } from './db/migrate.js';
import { startControlSocket, type ControlHandler } from './cli/control-socket.js';
import { createAdmin } from './cli/admin-create.js';
import { backupControlCommands } from './cli/backup/database-dump.js';
import { answerFrameworkError, registerErrorHandling } from './http/errors.plugin.js';
import { registerHostileTextGuard } from './http/hostile-text.js';
import { allowInlineStyles, securityHeaders } from './http/security-headers.js';
import { writingUnchangingOnce } from './http/unchanging-answers.js';
import { documentRoute } from './http/openapi.js';
import { spaPlugin } from './http/spa.plugin.js';
import { uploadsPlugin } from './http/uploads.plugin.js';
import { createStorage } from './adapters/storage/storage.js';
import { authPlugin } from './auth/auth.plugin.js';
import { createSessionCache } from './auth/session-cache.js';
import { createRealtime } from './realtime/realtime.js';
import { createRedisLink } from './adapters/redis/redis-link.js';
import { apiRoutes } from './routes.js';
import multipart from '@fastify/multipart';
import cookie from '@fastify/cookie';
import { createMailer } from './adapters/mail/index.js';
import { createRateLimiter } from './http/rate-limit.js';
import { devRoutes } from './modules/dev/index.js';
import { createGoogleAuth } from './adapters/google/index.js';
import { createGeoLocator } from './adapters/geoip/index.js';
import { createPushSender } from './adapters/push/web-push.js';
import {
  createNotify,
  createNotifyMany,
  pushSubscriptionStore,
} from './modules/notifications/index.js';
import { oauthStateStore } from './modules/auth/index.js';
import { registerChatSockets } from './modules/chats/index.js';
import { clearRingTimers, registerCallSockets, startRingSweep } from './modules/calls/index.js';
import { countStuckOrders, startPaymentReconciliation } from './modules/payments/index.js';
import { startCodeMailRetries } from './modules/auth/index.js';
import { createMetrics } from './metrics/metrics.js';
import { metricsPlugin } from './metrics/metrics.plugin.js';
import { queryLogHook } from './db/query-log.js';
import { derivedKey, loadSecret } from './security/secret.js';
import type { Agent } from 'node:https';
import type { DestinationStream } from 'pino';
import pinoPretty from 'pino-pretty';
import { loggerOptions, requestLogController } from './http/logging.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** What services receive (deps.ts): the one place the app's services hang. */
    deps: Deps;
  }
}

export interface AppDeps {
  /** A database already open (tests share one); otherwise one is opened from config. */
  db?: Db;
  /** HTTPS agent for Web Push (tests trust their local push service's certificate). */
  pushAgent?: Agent;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: DestinationStream;
}

/** A restarting server (npm run dev) waits this long for the previous one to free DATA_DIR. */
const DATA_DIR_LOCK_WAIT_MS = 10_000;

/** Readable lines in development (time, level, message); undefined keeps pino's JSON. */
const prettyStream = (config: Config) =>
  config.prettyLogs
    ? pinoPretty({ sync: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' })
    : undefined;

const controlCommands = (db: Db): Record<string, ControlHandler> => ({
  // The promotion announces itself (cli/admin.repository.ts): its rights count at once.
  'admin-create': (body) =>
    createAdmin(db, typeof body.email === 'string' ? body.email : undefined),
  ...backupControlCommands(db),
});

export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // Request lines carry the method, the path without its query and the request id (reqId).
    logger: loggerOptions({
      level: config.logLevel,
      stream: deps.logStream ?? prettyStream(config),
    }),
    // In production, only a failed or slow request's lines reach info (logging.ts).
    logController: requestLogController(config),
    genReqId: () => crypto.randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(writingUnchangingOnce(serializerCompiler));

  const ownsDb = !deps.db;
  const db =
    deps.db ??
    (await createDb({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      lockWaitMs: DATA_DIR_LOCK_WAIT_MS,
    }));
  // config/database.ts decides (the embedded database always migrates itself).
  if (ownsDb) await (config.migrateOnStart ? migrate(db) : checkSchema(db));
  const redis = config.redisUrl ? createRedisLink(config.redisUrl, app.log) : null;
  // Shared limits and fan-out from the first request when Redis is there; the server starts
  // without it all the same (the link keeps trying).
  if (redis && !(await redis.ready(3000))) redis.noteFallback('start');
  const changes = await createChangeFeed(db, app.log);
  const realtime = createRealtime(app.server, db, redis, config.redisPrefix, app.log, {
    changes,
    recheckMs: config.socketRecheckMs,
  });
  // Operator commands reach the embedded database through this server, its only owner.
  const control =
    ownsDb && db.kind === 'pglite'
      ? await startControlSocket(config.dataDir, controlCommands(db), app.log)
      : null;
  const storage = createStorage(config);

  const mailer = createMailer(config, app.log);
  const metrics = createMetrics();
  const kysely = createKysely(db, queryLogHook(metrics, app.log), changes);
  const notifyCore = {
    db: kysely,
    log: app.log,
    realtime,
    push: createPushSender(config, pushSubscriptionStore(kysely), app.log, {
      agent: deps.pushAgent,
    }),
  };
  const appDeps: Deps = {
    ...notifyCore,
    sql: db,
    sessions: createSessionCache(kysely, changes),
    changes,
    config,
    clock: systemClock,
    redis,
    storage,
    limiter: createRateLimiter(redis, `${config.redisPrefix}:rl:`),
    mailer,
    googleAuth: createGoogleAuth(config, oauthStateStore(kysely), app.log),
    geoLocator: createGeoLocator(config, app.log),
    notify: createNotify(notifyCore),
    notifyMany: createNotifyMany(notifyCore),
    secret: loadSecret(config),
    previousSecret: config.appSecretPrevious ? Buffer.from(config.appSecretPrevious, 'utf8') : null,
    metrics,
    loggingWith(log) {
      const core = { ...notifyCore, log, realtime: realtime.withLog(log) };
      return {
        realtime: core.realtime,
        notify: createNotify(core),
        notifyMany: createNotifyMany(core),
      };
    },
  };
  app.decorate('deps', appDeps);
  const stuckPayments = () => countStuckOrders(appDeps);
  metrics.watch({ realtime, redis, db, stuckPayments, log: app.log });
  registerChatSockets(app.deps);
  registerCallSockets(app.deps);
  app.addHook('onClose', async () => clearRingTimers(appDeps));
  const stopRingSweep = startRingSweep(app.deps);
  app.addHook('onClose', async () => stopRingSweep());
  const stopPaymentJob = startPaymentReconciliation(app.deps);
  app.addHook('onClose', async () => stopPaymentJob());
  const stopCodeMails = startCodeMailRetries(app.deps);
  app.addHook('onClose', async () => stopCodeMails());
  app.addHook('onClose', async () => mailer.close());
  // The members' sockets go first: an open WebSocket would keep the HTTP server from closing
  // until the forced exit, and the members would not be told to reconnect elsewhere.
  app.addHook('preClose', async () => realtime.close());
  app.addHook('onClose', async () => {
    await changes.close();
    await redis?.close();
    await control?.close();
    if (ownsDb) await db.close();
  });

  // On shutdown, answers in flight close their keep-alive connection, so the server can stop
  // without waiting for browsers to hang up.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('Connection', 'close');
  });

  registerErrorHandling(app);
  registerHostileTextGuard(app);
  await app.register(metricsPlugin);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(securityHeaders);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Rencontre API', description: "API JSON de l'application", version: '1.0.0' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: documentRoute,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    transformStaticCSP: allowInlineStyles,
  });
  await app.register(authPlugin);
  // Signed cookies (the Google sign-in's browser binding), under a key of their own.
  await app.register(cookie, { secret: derivedKey(app.deps.secret, 'cookie-signing') });
  await app.register(multipart, {
    limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 30, fieldSize: 64 * 1024 },
  });
  await app.register(apiRoutes, { prefix: '/api' });
  if (!config.isProduction) await app.register(devRoutes);
  await app.register(uploadsPlugin);
  await app.register(spaPlugin, { root: config.webDist });
  return app;
}
