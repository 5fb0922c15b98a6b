/** POST /swipe/profiles and POST /swipe (spec 1 §7 "Swipes"), from the shared route table. */
import type { FastifyInstance } from 'fastify';
import { SWIPE_MSG } from '@app/shared';
import { requireUser } from '../../auth/require-user.js';
import { withLog } from '../../deps.js';
import { contractRoute } from '../../http/contract-route.js';
import { photosOf } from '../nearby/index.js';
import { findSwipeCandidates, swipeMember } from './swipe.service.js';
import { presentSwipeProfile } from './swipe.presenter.js';

export async function swipeRoutes(app: FastifyInstance) {
  contractRoute(app, 'swipes.profiles', async (query, req) => {
    const candidates = await findSwipeCandidates(app.deps, requireUser(req).id, query);
    const now = app.deps.clock.now();
    const photos = photosOf(app.deps.storage);
    return { success: true, data: candidates.map((c) => presentSwipeProfile(c, photos, now)) };
  });

  contractRoute(app, 'swipes.swipe', async (body, req) => {
    const deps = withLog(app.deps, req.log);
    const result = await swipeMember(deps, requireUser(req).id, body);
    const message = result.is_match
      ? SWIPE_MSG.matchTitle
      : result.action === 'like'
        ? SWIPE_MSG.liked
        : SWIPE_MSG.disliked;
    return { success: true, message, data: result };
  });
}
