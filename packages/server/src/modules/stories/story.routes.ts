/**
 * Story calls (spec 2 §7) under /api, registered from the shared route table. Reading, viewing
 * and liking work without a token (the spec's client sends none); a token, when present, ties
 * views and likes to the member. Publishing needs a session: the author is kept for
 * moderation, never shown.
 */
import type { FastifyInstance } from 'fastify';
import { STORY_MSG } from '@app/shared';
import { requireUser } from '../../auth/require-user.js';
import { contractRoute } from '../../http/contract-route.js';
import { storyActor } from './story.actor.js';
import * as service from './story.service.js';

export async function storyRoutes(app: FastifyInstance) {
  contractRoute(app, 'stories.list', async ({ page }, req) => {
    const actor = await storyActor(app.deps, req);
    return { success: true, data: await service.listStories(app.deps, page, actor) };
  });

  contractRoute(app, 'stories.publish', async ({ content }, req) => {
    const data = await service.publishStory(app.deps, requireUser(req).id, content);
    const message = data.status === 'pending' ? STORY_MSG.pending : STORY_MSG.published;
    return { success: true, message, data };
  });

  contractRoute(app, 'stories.view', async ({ id }, req) => {
    const views = await service.viewStory(app.deps, id, await storyActor(app.deps, req));
    return { success: true, views };
  });

  contractRoute(app, 'stories.like', async ({ id }, req) => {
    const likes = await service.likeStory(app.deps, id, await storyActor(app.deps, req));
    return { success: true, likes, liked: true };
  });
}
