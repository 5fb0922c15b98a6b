/**
 * GET /api/health (`health.check` in the shared route table), for load balancers and operators:
 * 200 while the database answers (Redis away only degrades this copy: limits in memory, realtime
 * local), 503 when it does not. Each check is bounded, so the answer comes in normal time
 * whatever is down.
 */
import type { FastifyInstance } from 'fastify';
import { MSG, type THealth } from '@app/shared';
import type { Database } from '../../db/kysely.js';
import { contractRoute } from '../../http/contract-route.js';
import { pingDatabase } from './health.repository.js';

const DB_CHECK_TIMEOUT_MS = 2000;

async function databaseAnswers(db: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), DB_CHECK_TIMEOUT_MS);
  });
  const check = pingDatabase(db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([check, late]);
  } finally {
    clearTimeout(timer);
  }
}

export async function healthRoutes(app: FastifyInstance) {
  contractRoute(app, 'health.check', async (_input, _req, reply) => {
    const [dbUp, redisUp] = await Promise.all([
      databaseAnswers(app.deps.db),
      app.deps.redis ? app.deps.redis.ping() : Promise.resolve(null),
    ]);
    const data: THealth = {
      db: dbUp ? 'ok' : 'down',
      redis: redisUp === null ? 'absent' : redisUp ? 'ok' : 'down',
    };
    reply.header('Cache-Control', 'no-store');
    if (!dbUp) void reply.status(503);
    return dbUp ? { success: true, data } : { success: false, message: MSG.unavailable, data };
  });
}
