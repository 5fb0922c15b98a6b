/**
 * Profile editing (spec 2 "Profile edit", issue 9): name 2–50 characters, bio at most 500,
 * locality at most 100, passions from the catalogue (at most 5, French field errors), and a new
 * photo re-encoded by the image pipeline like the wizard's. Fields missing from the form keep their value; the replaced photo's files
 * are deleted once the new one is saved.
 */
import {
  MSG,
  parsePassionsField,
  profileUpdateErrors,
  type TFieldErrors,
  type TProfileField,
} from '@app/shared';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import type { MultipartForm } from '../../http/multipart.js';
import { deletePhotoFiles, putMainPhoto, savePhoto } from '../photos/index.js';
import { updateProfileFields, type ProfileChanges } from './profile-update.repository.js';

const FIELDS: readonly TProfileField[] = ['name', 'bio', 'locality'];

/** The text fields the form carries, checked; throws the French field errors. */
function validateProfileChanges(fields: Record<string, string>): ProfileChanges {
  const given: Partial<Record<TProfileField, string>> = {};
  for (const f of FIELDS) if (fields[f] !== undefined) given[f] = fields[f];
  const errors: Partial<Record<TProfileField | 'passions', string>> = profileUpdateErrors(given);
  const chosen = fields.passions === undefined ? undefined : parsePassionsField(fields.passions);
  if (chosen && 'error' in chosen) errors.passions = chosen.error;
  const first = Object.values(errors)[0];
  if (first) {
    const byField: TFieldErrors = Object.fromEntries(
      Object.entries(errors).map(([field, message]) => [field, [message]]),
    );
    throw new AppError('validation', first, { fields: byField });
  }
  const orNull = (v: string | undefined) => (v === undefined ? undefined : v.trim() || null);
  return {
    name: given.name?.trim(),
    bio: orNull(given.bio),
    locality: orNull(given.locality),
    passions: chosen && 'passions' in chosen ? chosen.passions : undefined,
  };
}

export async function updateOwnProfile(
  deps: Pick<Deps, 'db' | 'storage' | 'log' | 'realtime'>,
  userId: number,
  form: MultipartForm,
) {
  const changes = validateProfileChanges(form.fields);
  const photoKey =
    form.file && form.file.buffer.length > 0
      ? await savePhoto(deps, form.file.buffer, userId)
      : null;
  // The round photo of the edit screen is the main one: it replaces the gallery's first photo.
  const previous = await deps.db.transaction().execute(async (trx) => {
    if (!(await updateProfileFields(trx, userId, changes))) return undefined;
    return photoKey ? putMainPhoto(trx, userId, photoKey) : null;
  });
  if (previous === undefined) {
    if (photoKey) await deletePhotoFiles(deps.storage, photoKey).catch(() => undefined);
    throw new AppError('not_found', MSG.notFound, { status: 404 });
  }
  if (previous && previous !== photoKey) {
    await deletePhotoFiles(deps.storage, previous).catch((err: unknown) =>
      deps.log.warn({ err, userId }, 'ancienne photo non effacée'),
    );
  }
}
