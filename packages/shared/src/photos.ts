/**
 * Several photos per profile (issue 28): at most six, the first is the main one (lists and
 * thumbnails show it). The gallery the member edits, the photos others see when they open a
 * profile or a nearby sheet, the calls' bodies and the French texts.
 */
import { z } from 'zod';
import { zText } from './text.js';

const lazySchema = <T>(build: () => T): T => build();
const token = () => zText().optional();

export const PROFILE_PHOTOS_MAX = 6;

export const PHOTOS_MSG = {
  added: 'Photo ajoutée',
  replaced: 'Photo remplacée',
  deleted: 'Photo supprimée',
  reordered: 'Ordre des photos enregistré',
  full: `Vous avez déjà ${PROFILE_PHOTOS_MAX} photos : supprimez-en une pour en ajouter une autre`,
  keepOne: 'Gardez au moins une photo sur votre profil',
  notFound: 'Photo introuvable',
  orderInvalid: 'Ordre invalide : envoyez chacune de vos photos une seule fois',
  photoRequired: 'Choisissez une photo',
} as const;

/** One photo of the member's own gallery, with the id the edit calls name it by. */
export const ZOwnPhoto = /* @__PURE__ */ lazySchema(() =>
  z.object({ id: z.number(), thumb: z.string(), card: z.string() }),
);
export type TOwnPhoto = z.infer<typeof ZOwnPhoto>;

/** A photo of someone else's profile: the variants, no id but its position (reports name it). */
export const ZProfilePhoto = /* @__PURE__ */ lazySchema(() =>
  z.object({
    position: z.number(),
    thumb: z.string(),
    lite: z.string(),
    card: z.string(),
    full: z.string(),
  }),
);
export type TProfilePhoto = z.infer<typeof ZProfilePhoto>;

/** `data` of POST /users/:id/photos: every photo of an opened profile, main first. */
export const ZMemberPhotos = /* @__PURE__ */ lazySchema(() =>
  z.object({ verified: z.boolean(), photos: z.array(ZProfilePhoto) }),
);
export type TMemberPhotos = z.infer<typeof ZMemberPhotos>;

/** A gallery photo of a swipe card beyond the main one: only its light variants. */
export const ZCardPhoto = /* @__PURE__ */ lazySchema(() =>
  z.object({ thumb: z.string(), lite: z.string() }),
);
export type TCardPhoto = z.infer<typeof ZCardPhoto>;

export const ZPhotoIdParams = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.coerce
      .number({ error: PHOTOS_MSG.notFound })
      .int(PHOTOS_MSG.notFound)
      .positive(PHOTOS_MSG.notFound)
      .max(Number.MAX_SAFE_INTEGER, PHOTOS_MSG.notFound),
  }),
);

export const ZPhotoOrderRequest = /* @__PURE__ */ lazySchema(() =>
  z.object({
    token: token(),
    ids: z
      .array(z.number().int().positive(), { error: PHOTOS_MSG.orderInvalid })
      .min(1, PHOTOS_MSG.orderInvalid)
      .max(PROFILE_PHOTOS_MAX, PHOTOS_MSG.orderInvalid),
  }),
);
export type TPhotoOrderRequest = z.infer<typeof ZPhotoOrderRequest>;

/** True when `ids` names each of `current` exactly once, in any order. */
export function isPermutationOf(ids: readonly number[], current: readonly number[]): boolean {
  if (ids.length !== current.length || new Set(ids).size !== ids.length) return false;
  const known = new Set(current);
  return ids.every((id) => known.has(id));
}
