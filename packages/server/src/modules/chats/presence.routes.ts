/** POST /realtime/force-online and /realtime/mark-offline (spec 2 §7). */
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/require-user.js';
import { broadcastStatus, setLastSeen } from './presence.js';

export async function presenceRoutes(app: FastifyInstance) {
  const opts = { preValidation: app.authenticate, schema: { tags: ['chats'] } };
  app.post('/realtime/force-online', opts, async (req) => {
    const me = requireUser(req);
    await setLastSeen(app, me.id, true);
    await broadcastStatus(app, me.id, true);
    return { success: true, data: { is_online: true } };
  });
  app.post('/realtime/mark-offline', opts, async (req) => {
    const me = requireUser(req);
    await setLastSeen(app, me.id, false);
    await broadcastStatus(app, me.id, false);
    return { success: true, data: { is_online: false } };
  });
}
