/**
 * POST /profile/update (spec 2 §7), registered from the shared route table: multipart {token,
 * name, bio, locality, optional photo}, read by the handler; the answer is the own profile.
 */
import type { FastifyInstance } from 'fastify';
import { AUTH_MSG, MSG, PHOTO_MAX_BYTES, PROFILE_MSG } from '@app/shared';
import { requireUser } from '../../auth/require-user.js';
import { contractRoute } from '../../http/contract-route.js';
import { readAuthenticatedForm } from '../../http/multipart.js';
import { withLog } from '../../deps.js';
import { AppError } from '../../errors.js';
import { presentOwnProfile } from './profile.presenter.js';
import { findOwnProfile } from './profile.repository.js';
import { updateOwnProfile } from './profile-update.service.js';

export async function profileUpdateRoutes(app: FastifyInstance) {
  contractRoute(app, 'profile.update', async (_input, req, reply) => {
    const form = await readAuthenticatedForm(app, req, reply, {
      maxFileBytes: PHOTO_MAX_BYTES,
      tooLargeMessage: AUTH_MSG.photoTooLarge,
    });
    const me = requireUser(req);
    await updateOwnProfile(withLog(app.deps, req.log), me.id, form);
    const user = await findOwnProfile(app.deps.db, me.id);
    if (!user) throw new AppError('not_found', MSG.notFound, { status: 404 });
    return {
      success: true,
      message: PROFILE_MSG.updated,
      data: presentOwnProfile(app.deps, user),
    };
  });
}
