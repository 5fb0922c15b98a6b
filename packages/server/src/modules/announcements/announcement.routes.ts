/**
 * Announcement calls (spec 1 §7, spec 2 §7) under /api, registered from the shared route
 * table: the public feed, pricing, the member's own list, publication and deletion.
 */
import type { FastifyInstance } from 'fastify';
import { ANNOUNCEMENT_MSG } from '@app/shared';
import { requireUser } from '../../auth/require-user.js';
import { optionalViewerId } from '../../auth/optional-viewer.js';
import { withLog } from '../../deps.js';
import { contractRoute } from '../../http/contract-route.js';
import * as service from './announcement.service.js';

export async function announcementRoutes(app: FastifyInstance) {
  contractRoute(app, 'announcements.feed', async (query, req) => {
    const viewerId = await optionalViewerId(app.deps, req);
    return { success: true, ...(await service.listFeed(app.deps, viewerId, query)) };
  });

  contractRoute(app, 'announcements.cost', async (_body, req) => ({
    success: true,
    data: await service.announcementCost(app.deps, requireUser(req).id),
  }));

  contractRoute(app, 'announcements.mine', async ({ page, per_page }, req) => ({
    success: true,
    ...(await service.listOwnAnnouncements(app.deps, requireUser(req).id, page, per_page)),
  }));

  contractRoute(app, 'announcements.create', async (body, req) => ({
    success: true,
    message: ANNOUNCEMENT_MSG.created,
    data: await service.publishAnnouncement(withLog(app.deps, req.log), requireUser(req).id, body),
  }));

  contractRoute(app, 'announcements.delete', async ({ id }, req) => {
    await service.deleteAnnouncement(app.deps, requireUser(req).id, id);
    return { success: true, message: ANNOUNCEMENT_MSG.deleted };
  });
}
