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
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { createDb, type Db } from './db/db.js';
import { migrate } from './db/migrate.js';
import { registerErrorHandling } from './http/errors.plugin.js';
import { spaPlugin } from './http/spa.plugin.js';
import { authPlugin } from './auth/auth.plugin.js';
import { createRealtime, type Realtime } from './realtime/realtime.js';
import { apiRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    redis: Redis | null;
    realtime: Realtime;
  }
}

export interface AppDeps {
  /** A database already open (tests share one); otherwise one is opened from config. */
  db?: Db;
}

export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.body.token'],
    },
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
  const realtime = createRealtime(app.server, db, config.redisUrl);

  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('redis', redis);
  app.decorate('realtime', realtime);
  app.addHook('onClose', async () => {
    await realtime.close();
    await redis?.quit().catch(() => undefined);
    if (ownsDb) await db.close();
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
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(authPlugin);
  await app.register(apiRoutes, { prefix: '/api' });
  await app.register(spaPlugin, { root: config.webDist });
  return app;
}
