/** GET /api/health: the database answers; Redis is used or absent. */
import type { FastifyInstance } from 'fastify';

export async function healthRoutes(app: FastifyInstance) {
  app.get('/health', async () => {
    await app.db.query('SELECT 1');
    if (app.redis) await app.redis.ping();
    return { success: true, data: { db: 'ok', redis: app.redis ? 'ok' : 'absent' } };
  });
}
