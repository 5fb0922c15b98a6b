/**
 * The gallery's rules (issue 28): at most six photos, the first is the main one; each new photo
 * goes through the image pipeline (savePhoto: EXIF stripped, WebP variants with the lite card);
 * the member keeps at least one; files of a replaced or removed photo are deleted once the
 * change is committed. Every change ends in syncMainPhoto (main photo, badge).
 */
import { PHOTOS_MSG, PROFILE_PHOTOS_MAX, isPermutationOf, type TOwnPhoto } from '@app/shared';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { deletePhoto, photoUrls, storePhoto } from '../../adapters/images/photos.js';
import type { Database } from '../../db/kysely.js';
import * as repo from './photos.repository.js';

type PhotoDeps = Pick<Deps, 'db' | 'storage' | 'log'>;

const photoNotFound = () => new AppError('not_found', PHOTOS_MSG.notFound, { status: 404 });
const memberGone = () => new AppError('not_found', PHOTOS_MSG.notFound, { status: 404 });

/** Stores a member photo's variants; answers its key. */
export async function savePhoto(deps: Pick<Deps, 'storage'>, buffer: Buffer, userId: number) {
  const { key } = await storePhoto(deps.storage, buffer, `u${userId}`);
  return key;
}

/** Deletes files after the commit; a failure is logged, never the member's problem. */
async function dropFiles(deps: PhotoDeps, keys: (string | null | undefined)[], userId: number) {
  for (const key of keys) {
    if (!key) continue;
    await deletePhoto(deps.storage, key).catch((err: unknown) =>
      deps.log.warn({ err, userId }, 'photo non effacée du stockage'),
    );
  }
}

export function presentGallery(deps: Pick<Deps, 'storage'>, rows: repo.GalleryRow[]): TOwnPhoto[] {
  return rows.map((r) => {
    const urls = photoUrls(deps.storage, r.photo_key);
    return { id: r.id, thumb: urls.thumb, card: urls.card };
  });
}

export async function listOwnPhotos(deps: PhotoDeps, userId: number) {
  return presentGallery(deps, await repo.findGallery(deps.db, userId));
}

/** Runs `change` on the locked gallery, then renumbers and syncs the main photo. */
async function changeGallery<T>(
  deps: PhotoDeps,
  userId: number,
  change: (trx: Database, rows: repo.GalleryRow[]) => Promise<T>,
): Promise<T> {
  return deps.db.transaction().execute(async (trx) => {
    if (!(await repo.lockMember(trx, userId))) throw memberGone();
    const result = await change(trx, await repo.findGallery(trx, userId));
    await repo.syncMainPhoto(trx, userId);
    return result;
  });
}

/** Saves the photo first (slow, outside the transaction), removes its files if the change fails. */
async function withSavedPhoto<T>(
  deps: PhotoDeps,
  userId: number,
  buffer: Buffer,
  use: (key: string) => Promise<T>,
): Promise<T> {
  const key = await savePhoto(deps, buffer, userId);
  try {
    return await use(key);
  } catch (err) {
    await dropFiles(deps, [key], userId);
    throw err;
  }
}

export async function addPhoto(deps: PhotoDeps, userId: number, buffer: Buffer) {
  await withSavedPhoto(deps, userId, buffer, (key) =>
    changeGallery(deps, userId, async (trx, rows) => {
      if (rows.length >= PROFILE_PHOTOS_MAX) {
        throw new AppError('photos_full', PHOTOS_MSG.full, { status: 422 });
      }
      await repo.insertPhoto(trx, userId, key, rows.length);
    }),
  );
  return listOwnPhotos(deps, userId);
}

export async function replacePhoto(
  deps: PhotoDeps,
  userId: number,
  photoId: number,
  buffer: Buffer,
) {
  const previous = await withSavedPhoto(deps, userId, buffer, (key) =>
    changeGallery(deps, userId, async (trx) => {
      const old = await repo.replacePhotoKey(trx, userId, photoId, key);
      if (!old) throw photoNotFound();
      return old;
    }),
  );
  await dropFiles(deps, [previous], userId);
  return listOwnPhotos(deps, userId);
}

export async function deleteOwnPhoto(deps: PhotoDeps, userId: number, photoId: number) {
  const removed = await changeGallery(deps, userId, async (trx, rows) => {
    if (!rows.some((r) => r.id === photoId)) throw photoNotFound();
    if (rows.length <= 1) throw new AppError('photo_last', PHOTOS_MSG.keepOne, { status: 422 });
    return repo.deletePhotoRow(trx, userId, photoId);
  });
  await dropFiles(deps, [removed], userId);
  return listOwnPhotos(deps, userId);
}

export async function reorderPhotos(deps: PhotoDeps, userId: number, ids: number[]) {
  await changeGallery(deps, userId, async (trx, rows) => {
    if (
      !isPermutationOf(
        ids,
        rows.map((r) => r.id),
      )
    ) {
      throw new AppError('validation', PHOTOS_MSG.orderInvalid, {
        fields: { ids: [PHOTOS_MSG.orderInvalid] },
      });
    }
    await repo.setPositions(trx, userId, ids);
  });
  return listOwnPhotos(deps, userId);
}

/**
 * The main photo becomes `key` (the wizard's photo, the edit screen's round photo): the first
 * photo's key is replaced, or the gallery starts with it. Runs in the caller's transaction;
 * answers the key it replaced, whose files the caller deletes after the commit.
 */
export async function putMainPhoto(trx: Database, userId: number, key: string) {
  const rows = await repo.findGallery(trx, userId);
  const main = rows[0];
  const previous = main ? await repo.replacePhotoKey(trx, userId, main.id, key) : null;
  if (!main) await repo.insertPhoto(trx, userId, key, 0);
  await repo.syncMainPhoto(trx, userId);
  return previous;
}

/**
 * A moderator removes one photo (the main one when `photoId` is absent): answers the removed
 * key, or null when there was none. Runs in the caller's transaction (with its audit row).
 */
export async function removeMemberPhoto(trx: Database, userId: number, photoId?: number) {
  const rows = await repo.findGallery(trx, userId);
  const target = photoId === undefined ? rows[0] : rows.find((r) => r.id === photoId);
  // A main photo written without its gallery row (before migration 021's copy) goes too.
  const key = target
    ? await repo.deletePhotoRow(trx, userId, target.id)
    : photoId === undefined
      ? await repo.findMainPhotoKey(trx, userId)
      : null;
  if (key) await repo.syncMainPhoto(trx, userId);
  return key;
}

export { deletePhoto as deletePhotoFiles };
