/** POST /realtime/force-online and /realtime/mark-offline (spec 2 §7), from the route table. */
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/require-user.js';
import { contractRoute } from '../../http/contract-route.js';
import { broadcastStatus, markOffline, markSeenNow } from './presence.js';

export async function presenceRoutes(app: FastifyInstance) {
  contractRoute(app, 'realtime.forceOnline', async (_input, req) => {
    const me = requireUser(req);
    await markSeenNow(app.deps, me.id);
    await broadcastStatus(app.deps, me.id, true);
    return { success: true, data: { is_online: true } };
  });
  // Shown offline to chat partners (chat details, list, events) until the next sign of life,
  // even while a socket of the member's stays connected.
  contractRoute(app, 'realtime.markOffline', async (_input, req) => {
    const me = requireUser(req);
    await markOffline(app.deps, me.id);
    await broadcastStatus(app.deps, me.id, false);
    return { success: true, data: { is_online: false } };
  });
}
