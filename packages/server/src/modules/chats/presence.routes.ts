/** POST /realtime/force-online and /realtime/mark-offline (spec 2 §7). */
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/require-user.js';
import { broadcastStatus, markOffline, markSeenNow } from './presence.js';

export async function presenceRoutes(app: FastifyInstance) {
  const opts = { preValidation: app.authenticate, schema: { tags: ['chats'] } };
  app.post('/realtime/force-online', opts, async (req) => {
    const me = requireUser(req);
    await markSeenNow(app, me.id);
    await broadcastStatus(app, me.id, true);
    return { success: true, data: { is_online: true } };
  });
  // Shown offline to chat partners (chat details, list, events) until the next sign of life,
  // even while a socket of the member's stays connected.
  app.post('/realtime/mark-offline', opts, async (req) => {
    const me = requireUser(req);
    await markOffline(app, me.id);
    await broadcastStatus(app, me.id, false);
    return { success: true, data: { is_online: false } };
  });
}
