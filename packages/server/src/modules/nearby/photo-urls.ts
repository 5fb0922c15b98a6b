/** A member's photo addresses as the swipe and nearby presenters take them: key in, URLs out. */
import { photoUrls, type PhotoVariant } from '../../adapters/images/photos.js';
import type { Storage } from '../../adapters/storage/storage.js';

export type PhotoUrls = Record<PhotoVariant, string>;

/** The addresses of a stored photo's variants, or null for a member without one. */
export const photosOf =
  (storage: Storage) =>
  (key: string | null): PhotoUrls | null =>
    key ? photoUrls(storage, key) : null;
