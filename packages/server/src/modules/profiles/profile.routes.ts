/**
 * The member's own profile, registered from the shared route table (contract/profiles.ts): read
 * it, complete it (wizard), the gift flag, daily reward info; and POST /users/:id/view when they
 * open someone else's (the rules are in profile-view.ts); and the passions catalogue.
 */
import type { FastifyInstance } from 'fastify';
import { AUTH_MSG, MSG, PHOTO_MAX_BYTES, type AnswerOf } from '@app/shared';
import { requireUser } from '../../auth/require-user.js';
import { contractRoute } from '../../http/contract-route.js';
import { unchangingAnswer } from '../../http/unchanging-answers.js';
import { readAuthenticatedForm } from '../../http/multipart.js';
import { AppError } from '../../errors.js';
import { presentOwnProfile } from './profile.presenter.js';
import type { OwnProfileRow } from './profile.repository.js';
import { createOwnProfileCache } from './profile-cache.js';
import {
  completeOwnProfile,
  dailyRewardInfo,
  markDailyRewardSeen,
  markGiftSeen,
} from './profile.service.js';
import { recordProfileView } from './profile-view.js';
import { authStatusRoutes } from './auth-status.routes.js';
import { passionRoutes } from './passions.routes.js';

export async function profileRoutes(app: FastifyInstance) {
  // One statement (profile.repository.ts): the session's and the profile's together when
  // neither is remembered (sessionRead), the profile's alone when only the session is; none
  // while both are remembered (session-cache.ts, profile-cache.ts).
  const profiles = createOwnProfileCache(app.deps.db, app.deps.changes);
  const present = (row: OwnProfileRow | undefined) => {
    if (!row) throw new AppError('not_found', MSG.notFound, { status: 404 });
    return presentOwnProfile(app.deps, row);
  };
  const ownProfile = async (userId: number) => present(await profiles.find(userId));
  // A remembered row answers with the same object, checked and written out once (its time to
  // live is the row's): the most frequent signed-in call costs neither zod nor JSON again.
  const answers = new WeakMap<OwnProfileRow, AnswerOf<'profile.get'>>();
  const answerOf = (row: OwnProfileRow | undefined): AnswerOf<'profile.get'> => {
    const known = row && answers.get(row);
    if (known) return known;
    const answer = { success: true, data: present(row) };
    if (row) answers.set(row, unchangingAnswer(answer));
    return answer;
  };

  // Also the 15 s presence heartbeat of the chat screens (spec 2 §7): it marks the member seen.
  contractRoute(app, 'profile.own', async (_input, req) => ({
    success: true,
    data: present(await profiles.touch(requireUser(req).id)),
  }));

  contractRoute(
    app,
    'profile.get',
    async (_input, req) => answerOf(await profiles.find(requireUser(req).id)),
    { sessionRead: profiles.sessionRead },
  );

  contractRoute(app, 'profile.complete', async (_input, req, reply) => {
    const form = await readAuthenticatedForm(app, req, reply, {
      maxFileBytes: PHOTO_MAX_BYTES,
      tooLargeMessage: AUTH_MSG.photoTooLarge,
    });
    const me = requireUser(req);
    await completeOwnProfile(app.deps, me.id, form, app.deps.clock.now());
    return { success: true, message: AUTH_MSG.profileCompleted, data: await ownProfile(me.id) };
  });

  contractRoute(app, 'profile.markGiftSeen', async (_input, req) => {
    await markGiftSeen(app.deps, requireUser(req).id);
    return { success: true, message: AUTH_MSG.giftSeen };
  });

  contractRoute(app, 'profile.dailyReward', async (_input, req) => ({
    success: true,
    data: await dailyRewardInfo(app.deps, requireUser(req).id, app.deps.clock.now()),
  }));

  contractRoute(app, 'profile.dailyRewardSeen', async (_input, req) => ({
    success: true,
    data: await markDailyRewardSeen(app.deps, requireUser(req).id, app.deps.clock.now()),
  }));

  contractRoute(app, 'profile.view', async ({ id }, req) => {
    await recordProfileView(app.deps, requireUser(req).id, id);
    // The same answer whatever was decided: the viewer learns nothing about the other side.
    return { success: true };
  });

  await authStatusRoutes(app);
  passionRoutes(app);
}
