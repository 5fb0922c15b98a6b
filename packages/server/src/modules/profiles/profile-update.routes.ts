/** POST /profile/update (spec 2 §7): multipart {token, name, bio, locality, optional photo}. */
import type { FastifyInstance } from 'fastify';
import { AUTH_MSG, MSG, PHOTO_MAX_BYTES, PROFILE_MSG } from '@app/shared';
import { requireUser } from '../../auth/require-user.js';
import { readAuthenticatedForm } from '../../http/multipart.js';
import { multipartForm } from '../../http/openapi.js';
import { AppError } from '../../errors.js';
import { findUserById } from '../auth/users.repository.js';
import { presentOwnProfile } from './profile.presenter.js';
import { updateOwnProfile } from './profile-update.service.js';

export async function profileUpdateRoutes(app: FastifyInstance) {
  app.post(
    '/profile/update',
    multipartForm(['profile'], {
      name: { description: 'Nom, 2 à 50 caractères ; absent, il ne change pas' },
      bio: { description: 'Bio, 500 caractères au plus ; absente, elle ne change pas' },
      locality: { description: 'Localité, 100 caractères au plus ; absente, elle ne change pas' },
      photo: { description: 'Nouvelle photo recadrée, facultative', file: true },
    }),
    async (req) => {
      const form = await readAuthenticatedForm(app, req, {
        maxFileBytes: PHOTO_MAX_BYTES,
        tooLargeMessage: AUTH_MSG.photoTooLarge,
      });
      const me = requireUser(req);
      await updateOwnProfile(app, me.id, form);
      const user = await findUserById(app.db, me.id);
      if (!user) throw new AppError('not_found', MSG.notFound, { status: 404 });
      return {
        success: true,
        message: PROFILE_MSG.updated,
        data: await presentOwnProfile(app, user),
      };
    },
  );
}
