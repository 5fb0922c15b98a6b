/**
 * The gallery calls (issue 28), from the shared route table: the member's own photos (list,
 * add, replace, delete, reorder; uploads are multipart forms) and the photos of a profile
 * another member opens (a hidden or blocked member reads as not found).
 */
import type { FastifyInstance } from 'fastify';
import { AUTH_MSG, PHOTOS_MSG, PHOTO_MAX_BYTES, type TMemberPhotos } from '@app/shared';
import { requireUser } from '../../auth/require-user.js';
import { contractRoute } from '../../http/contract-route.js';
import { readAuthenticatedForm } from '../../http/multipart.js';
import { withLog } from '../../deps.js';
import { AppError } from '../../errors.js';
import { photoUrls } from '../../adapters/images/photos.js';
import { findVisibleGallery } from './photos.repository.js';
import * as service from './photos.service.js';

const LIMITS = { maxFileBytes: PHOTO_MAX_BYTES, tooLargeMessage: AUTH_MSG.photoTooLarge };

export async function photoRoutes(app: FastifyInstance) {
  const deps = app.deps;

  /** The uploaded photo of a form, refused in French when there is none. */
  const photoOf = async (...args: Parameters<typeof readAuthenticatedForm>) => {
    const form = await readAuthenticatedForm(...args);
    if (!form.file || form.file.buffer.length === 0) {
      throw new AppError('validation', PHOTOS_MSG.photoRequired, {
        fields: { photo: [PHOTOS_MSG.photoRequired] },
      });
    }
    return form.file.buffer;
  };

  contractRoute(app, 'photos.mine', async (_input, req) => ({
    success: true,
    data: await service.listOwnPhotos(deps, requireUser(req).id),
  }));

  contractRoute(app, 'photos.add', async (_input, req, reply) => {
    const buffer = await photoOf(app, req, reply, LIMITS);
    const data = await service.addPhoto(withLog(deps, req.log), requireUser(req).id, buffer);
    return { success: true, message: PHOTOS_MSG.added, data };
  });

  contractRoute(app, 'photos.replace', async ({ id }, req, reply) => {
    const buffer = await photoOf(app, req, reply, LIMITS);
    const me = requireUser(req).id;
    const data = await service.replacePhoto(withLog(deps, req.log), me, id, buffer);
    return { success: true, message: PHOTOS_MSG.replaced, data };
  });

  contractRoute(app, 'photos.delete', async ({ id }, req) => {
    const data = await service.deleteOwnPhoto(withLog(deps, req.log), requireUser(req).id, id);
    return { success: true, message: PHOTOS_MSG.deleted, data };
  });

  contractRoute(app, 'photos.reorder', async ({ ids }, req) => {
    const data = await service.reorderPhotos(withLog(deps, req.log), requireUser(req).id, ids);
    return { success: true, message: PHOTOS_MSG.reordered, data };
  });

  contractRoute(app, 'photos.ofMember', async ({ id }, req) => {
    const found = await findVisibleGallery(deps.db, requireUser(req).id, id);
    if (!found) throw new AppError('not_found', PHOTOS_MSG.notFound, { status: 404 });
    const data: TMemberPhotos = {
      verified: found.verified,
      photos: found.photos.map((p) => ({
        position: p.position,
        ...photoUrls(deps.storage, p.photo_key),
      })),
    };
    return { success: true, data };
  });
}
