/** POST /location/update, /location/current and /location/nearby (spec 1 §7 "Near"). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NEAR_MSG, ZLocationUpdateRequest, ZNearbyRequest } from '@app/shared';
import { memberCtx } from './member.context.js';
import { findNearbyMembers, ownLocation, saveOwnPosition } from './location.service.js';
import { presentNearbyUser } from './nearby.presenter.js';

const ZToken = z.object({ token: z.string().optional() }).passthrough().optional();

export async function locationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const auth = { preValidation: app.authenticate };

  app.post(
    '/location/update',
    { ...auth, schema: { body: ZLocationUpdateRequest, tags: ['nearby'] } },
    async (req) => {
      const ctx = memberCtx(app, req);
      const saved = await saveOwnPosition(ctx, { lat: req.body.latitude, lng: req.body.longitude });
      return {
        success: true,
        message: NEAR_MSG.positionSaved,
        data: { latitude: saved.lat, longitude: saved.lng },
      };
    },
  );

  app.post(
    '/location/current',
    { ...auth, schema: { body: ZToken, tags: ['nearby'] } },
    async (req) => ({
      success: true,
      data: await ownLocation(memberCtx(app, req)),
    }),
  );

  app.post(
    '/location/nearby',
    { ...auth, schema: { body: ZNearbyRequest, tags: ['nearby'] } },
    async (req) => {
      const ctx = memberCtx(app, req);
      const hits = await findNearbyMembers(ctx, req.body);
      return { success: true, data: hits.map((h) => presentNearbyUser(h, ctx.photos, ctx.now)) };
    },
  );
}
