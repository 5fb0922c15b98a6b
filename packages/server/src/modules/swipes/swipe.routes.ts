/** POST /swipe/profiles and POST /swipe (spec 1 §7 "Swipes"). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SWIPE_MSG, ZSwipeProfilesRequest, ZSwipeRequest } from '@app/shared';
import { memberCtx } from '../nearby/member.context.js';
import { findSwipeCandidates, swipeMember } from './swipe.service.js';
import { presentSwipeProfile } from './swipe.presenter.js';

export async function swipeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const auth = { preValidation: app.authenticate };

  app.post(
    '/swipe/profiles',
    { ...auth, schema: { body: ZSwipeProfilesRequest, tags: ['swipes'] } },
    async (req) => {
      const ctx = memberCtx(app, req);
      const candidates = await findSwipeCandidates(ctx, req.body);
      return {
        success: true,
        data: candidates.map((c) => presentSwipeProfile(c, ctx.photos, ctx.now)),
      };
    },
  );

  app.post(
    '/swipe',
    { ...auth, schema: { body: ZSwipeRequest, tags: ['swipes'] } },
    async (req) => {
      const result = await swipeMember(memberCtx(app, req), req.body);
      const message = result.is_match
        ? SWIPE_MSG.matchTitle
        : result.action === 'like'
          ? SWIPE_MSG.liked
          : SWIPE_MSG.disliked;
      return { success: true, message, data: result };
    },
  );
}
