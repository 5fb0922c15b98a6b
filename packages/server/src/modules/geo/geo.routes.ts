/**
 * GET /api/geo/locate: the caller's approximate place from their IP, to pre-fill the wizard's
 * locality as 'city, country'. No auth (the wizard runs before the profile exists); req.ip
 * honours TRUST_PROXY. Any field may be null. Schemas: `geo.locate` in the shared route table.
 */
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../http/contract-route.js';

export async function geoRoutes(app: FastifyInstance) {
  contractRoute(app, 'geo.locate', async (_input, req, reply) => {
    const { locality, city, country, country_code } = await app.deps.geoLocator.locate(req.ip);
    reply.header('Cache-Control', 'private, no-store');
    return { success: true, data: { locality, city, country, country_code } };
  });
}
