/**
 * Announcement calls (spec 1 §7, spec 2 §7) under /api: the public feed, pricing, the member's
 * own list, publication and deletion.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ANNOUNCEMENT_MSG,
  ZAnnouncementId,
  ZAnnouncementPage,
  ZCreateAnnouncementRequest,
  ZFeedAnnouncement,
  ZFeedQuery,
  ZMyAnnouncement,
  ZMyAnnouncementsRequest,
} from '@app/shared';
import { requireUser } from '../../auth/require-user.js';
import { announcementCtx, optionalViewerId } from './announcement.context.js';
import * as service from './announcement.service.js';

// Calls that send only a token may send no body at all.
const ZTokenBody = z.preprocess((v) => v ?? {}, z.object({ token: z.string().optional() }));

export async function announcementRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const auth = { preValidation: app.authenticate };
  const tags = ['announcements'];

  app.get(
    '/announcements',
    {
      schema: {
        querystring: ZFeedQuery,
        response: { 200: ZAnnouncementPage(ZFeedAnnouncement) },
        tags,
      },
    },
    async (req) => {
      const viewerId = await optionalViewerId(app, req);
      return {
        success: true,
        ...(await service.listFeed(announcementCtx(app, req), viewerId, req.query)),
      };
    },
  );

  app.post('/announcements/cost', { ...auth, schema: { body: ZTokenBody, tags } }, async (req) => ({
    success: true,
    data: await service.announcementCost(announcementCtx(app, req), requireUser(req).id),
  }));

  app.post(
    '/my-announcements',
    {
      ...auth,
      schema: {
        body: ZMyAnnouncementsRequest,
        response: { 200: ZAnnouncementPage(ZMyAnnouncement) },
        tags,
      },
    },
    async (req) => {
      const { page, per_page } = req.body;
      const ctx = announcementCtx(app, req);
      return {
        success: true,
        ...(await service.listOwnAnnouncements(ctx, requireUser(req).id, page, per_page)),
      };
    },
  );

  app.post(
    '/announcements',
    { ...auth, schema: { body: ZCreateAnnouncementRequest, tags } },
    async (req, reply) => {
      const data = await service.publishAnnouncement(
        announcementCtx(app, req),
        requireUser(req).id,
        req.body,
      );
      return reply.status(201).send({ success: true, message: ANNOUNCEMENT_MSG.created, data });
    },
  );

  app.delete(
    '/announcements/:id',
    { ...auth, schema: { params: ZAnnouncementId, body: ZTokenBody, tags } },
    async (req) => {
      await service.deleteAnnouncement(
        announcementCtx(app, req),
        requireUser(req).id,
        req.params.id,
      );
      return { success: true, message: ANNOUNCEMENT_MSG.deleted };
    },
  );
}
