/** GET /passions: the catalogue a member picks their passions from (public, the same for all). */
import type { FastifyInstance } from 'fastify';
import { PASSIONS, PASSION_MSG } from '@app/shared';
import { contractRoute } from '../../http/contract-route.js';

export function passionRoutes(app: FastifyInstance) {
  contractRoute(app, 'passions.list', async () => ({
    success: true,
    message: PASSION_MSG.listed,
    data: { items: PASSIONS.map(({ key, label }) => ({ key, label })) },
  }));
}
