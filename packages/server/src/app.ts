/**
 * The application factory: everything but `listen`. Tests call it with their own config and
 * database and drive it through `app.inject` or a real port.
 */
import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Redis } from 'ioredis';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { createDb, type Db } from './db/db.js';
import { migrate } from './db/migrate.js';
import { registerErrorHandling } from './http/errors.plugin.js';
import { documentRoute } from './http/openapi.js';
import { spaPlugin } from './http/spa.plugin.js';
import { uploadsPlugin } from './http/uploads.plugin.js';
import { createStorage, type Storage } from './adapters/storage/storage.js';
import { authPlugin } from './auth/auth.plugin.js';
import { createRealtime, type Realtime } from './realtime/realtime.js';
import { apiRoutes } from './routes.js';
import multipart from '@fastify/multipart';
import { createMailer } from './adapters/mail/index.js';
import { createRateLimiter, type RateLimiter } from './http/rate-limit.js';
import { devRoutes } from './modules/dev/dev.routes.js';
import { createGoogleAuth } from './adapters/google/index.js';
import { createGeoLocator } from './adapters/geoip/index.js';
import { createPushSender, type PushSender } from './adapters/push/web-push.js';
import {
  createNotify,
  createNotifyMany,
  type Notify,
  type NotifyMany,
} from './modules/notifications/notify.js';
import { registerChatSockets } from './modules/chats/chat.realtime.js';
import { startPaymentReconciliation } from './modules/payments/reconcile.job.js';
import { loadSecret } from './security/secret.js';
import type { Agent } from 'node:https';
import type { DestinationStream } from 'pino';
import { loggerOptions } from './http/logging.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    redis: Redis | null;
    realtime: Realtime;
    storage: Storage;
    limiter: RateLimiter;
    push: PushSender;
    notify: Notify;
    notifyMany: NotifyMany;
    secret: Buffer;
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

export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // Request lines carry the method, the path without its query and the request id (reqId).
    logger: loggerOptions({ level: config.logLevel, stream: deps.logStream }),
    genReqId: () => crypto.randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ownsDb = !deps.db;
  const db =
    deps.db ?? (await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  if (ownsDb) await migrate(db);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : null;
  const realtime = createRealtime(app.server, db, config.redisUrl, config.redisPrefix);
  const storage = createStorage(config);

  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('redis', redis);
  app.decorate('realtime', realtime);
  app.decorate('storage', storage);
  app.decorate('limiter', createRateLimiter(redis, `${config.redisPrefix}:rl:`));
  const mailer = createMailer(config, app.log);
  app.decorate('mailer', mailer);
  app.decorate('googleAuth', createGoogleAuth(config, db, app.log));
  app.decorate('geoLocator', createGeoLocator(config, app.log));
  app.decorate('push', createPushSender(config, db, app.log, { agent: deps.pushAgent }));
  app.decorate('notify', createNotify(app));
  app.decorate('notifyMany', createNotifyMany(app));
  app.decorate('secret', loadSecret(config));
  registerChatSockets(app);
  const stopPaymentJob = startPaymentReconciliation(app);
  app.addHook('onClose', async () => stopPaymentJob());
  app.addHook('onClose', async () => mailer.close());
  app.addHook('onClose', async () => {
    await realtime.close();
    await redis?.quit().catch(() => undefined);
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
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Rencontre API', description: 'API JSON de l’application', version: '1.0.0' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: documentRoute,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(authPlugin);
  await app.register(multipart, {
    limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 30, fieldSize: 64 * 1024 },
  });
  await app.register(apiRoutes, { prefix: '/api' });
  if (!config.isProduction) await app.register(devRoutes);
  await app.register(uploadsPlugin);
  await app.register(spaPlugin, { root: config.webDist });
  return app;
}
