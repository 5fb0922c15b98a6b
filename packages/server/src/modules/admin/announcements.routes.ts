/**
 * Console: announcements — search (text, author, one member's), hide (out of the feed, kept),
 * restore or delete, each with a reason.
 */
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/require-user.js';
import { contractRoute } from '../../http/contract-route.js';
import * as announcements from './announcements.service.js';

export async function adminAnnouncementRoutes(app: FastifyInstance) {
  const deps = app.deps;

  contractRoute(app, 'admin.announcements.list', async (input) => ({
    success: true,
    ...(await announcements.listAnnouncements(deps, input)),
  }));

  contractRoute(app, 'admin.announcements.hide', async ({ id, reason }, req) => {
    await announcements.moderateAnnouncement(deps, requireUser(req), id, 'hide', reason);
    return { success: true, message: 'Annonce masquée.' };
  });

  contractRoute(app, 'admin.announcements.restore', async ({ id, reason }, req) => {
    await announcements.moderateAnnouncement(deps, requireUser(req), id, 'restore', reason);
    return { success: true, message: 'Annonce rétablie.' };
  });

  contractRoute(app, 'admin.announcements.delete', async ({ id, reason }, req) => {
    await announcements.moderateAnnouncement(deps, requireUser(req), id, 'delete', reason);
    return { success: true, message: 'Annonce supprimée.' };
  });
}
