/** Every API module, mounted under /api. Each feature adds one line here. */
import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './modules/health/health.routes.js';

export async function apiRoutes(app: FastifyInstance) {
  await app.register(healthRoutes);
}
