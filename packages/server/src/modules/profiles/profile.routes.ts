/**
 * The member's own profile: read it, complete it (wizard), the gift flag, daily reward info;
 * and POST /users/:id/view when they open someone else's (profile-view.ts).
 */
import type { FastifyInstance } from 'fastify';
import { AUTH_MSG, MSG, PHOTO_MAX_BYTES } from '@app/shared';
import { requireUser } from '../../auth/require-user.js';
import { readAuthenticatedForm } from '../../http/multipart.js';
import { multipartForm } from '../../http/openapi.js';
import { AppError } from '../../errors.js';
import { findUserById } from '../auth/users.repository.js';
import { touchLastSeen } from '../auth/users.repository.js';
import { presentOwnProfile } from './profile.presenter.js';
import { clearGiftFlag } from './profile.repository.js';
import { completeOwnProfile, dailyRewardInfo } from './profile.service.js';
import { profileViewRoutes } from './profile-view.js';

export async function profileRoutes(app: FastifyInstance) {
  const ownProfile = async (userId: number) => {
    const user = await findUserById(app.db, userId);
    if (!user) throw new AppError('not_found', MSG.notFound, { status: 404 });
    return presentOwnProfile(app, user);
  };

  // Also the 15 s presence heartbeat of the chat screens (spec 2 §7).
  app.post(
    '/profile',
    { preValidation: app.authenticate, schema: { tags: ['profile'] } },
    async (req) => {
      const me = requireUser(req);
      await touchLastSeen(app.db, me.id);
      return { success: true, data: await ownProfile(me.id) };
    },
  );

  app.get(
    '/user/profile',
    { preValidation: app.authenticate, schema: { tags: ['profile'] } },
    async (req) => ({
      success: true,
      data: await ownProfile(requireUser(req).id),
    }),
  );

  app.post(
    '/complete-profile',
    multipartForm(['profile'], {
      photo: { description: 'La photo recadrée (image, 5 Mo au plus)', file: true, required: true },
      name: { description: 'Nom', required: true },
      gender: { description: 'homme ou femme', required: true },
      birth_date: { description: 'AAAA-MM-JJ, 18 ans au moins', required: true },
      locality: { description: 'Localité « ville, pays »', required: true },
      details: { description: 'JSON : les traits et la bio, facultatif' },
    }),
    async (req) => {
      const form = await readAuthenticatedForm(app, req, {
        maxFileBytes: PHOTO_MAX_BYTES,
        tooLargeMessage: AUTH_MSG.photoTooLarge,
      });
      const me = requireUser(req);
      await completeOwnProfile(app, me.id, form, new Date());
      return { success: true, message: AUTH_MSG.profileCompleted, data: await ownProfile(me.id) };
    },
  );

  app.post(
    '/user/mark-gift-seen',
    { preValidation: app.authenticate, schema: { tags: ['profile'] } },
    async (req) => {
      await clearGiftFlag(app.db, requireUser(req).id);
      return { success: true, message: AUTH_MSG.giftSeen };
    },
  );

  app.post(
    '/daily-rewards/info',
    { preValidation: app.authenticate, schema: { tags: ['profile'] } },
    async (req) => ({
      success: true,
      data: await dailyRewardInfo(app, requireUser(req).id, new Date()),
    }),
  );

  await profileViewRoutes(app);
}
