/**
 * Story calls (spec 2 §7) under /api. Reading, viewing and liking work without a token (the
 * spec's client sends none); a token, when present, ties views and likes to the member.
 * Publishing needs a session: the author is kept for moderation, never shown.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  STORY_MSG,
  ZPublishStoryRequest,
  ZStoriesQuery,
  ZStoriesResponse,
  ZStoryId,
} from '@app/shared';
import { requireUser } from '../../auth/require-user.js';
import { storyActor, storyCtx } from './story.context.js';
import * as service from './story.service.js';

// The spec's view and like calls send no body at all.
const ZOptionalBody = z.preprocess((v) => v ?? {}, z.object({ token: z.string().optional() }));

export async function storyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['stories'];

  app.get(
    '/histoires',
    { schema: { querystring: ZStoriesQuery, response: { 200: ZStoriesResponse }, tags } },
    async (req) => {
      const ctx = storyCtx(app);
      const actor = await storyActor(app, req, ctx.now);
      return { success: true, data: await service.listStories(ctx, req.query.page, actor) };
    },
  );

  app.post(
    '/histoires',
    { preValidation: app.authenticate, schema: { body: ZPublishStoryRequest, tags } },
    async (req, reply) => {
      const data = await service.publishStory(storyCtx(app), requireUser(req).id, req.body.content);
      const message = data.status === 'pending' ? STORY_MSG.pending : STORY_MSG.published;
      return reply.status(201).send({ success: true, message, data });
    },
  );

  app.post(
    '/histoires/:id/view',
    { schema: { params: ZStoryId, body: ZOptionalBody, tags } },
    async (req) => {
      const ctx = storyCtx(app);
      const views = await service.viewStory(
        ctx,
        req.params.id,
        await storyActor(app, req, ctx.now),
      );
      return { success: true, views };
    },
  );

  app.post(
    '/histoires/:id/like',
    { schema: { params: ZStoryId, body: ZOptionalBody, tags } },
    async (req) => {
      const ctx = storyCtx(app);
      const likes = await service.likeStory(
        ctx,
        req.params.id,
        await storyActor(app, req, ctx.now),
      );
      return { success: true, likes, liked: true };
    },
  );
}
