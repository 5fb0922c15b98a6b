/**
 * A swipe card as the viewer sees it (spec 1 §3 "Swipe profile"), with no exact position; its
 * passions are catalogue keys (the card shows their labels).
 */
import { ageOf, displayDistanceKm, normalisePassions, type TSwipeProfile } from '@app/shared';
import { markerOf, type PhotoUrls } from '../nearby/index.js';
import type { RankedCandidate } from './swipe.service.js';

export function presentSwipeProfile(
  c: RankedCandidate,
  photos: (key: string | null) => PhotoUrls | null,
  now: Date,
): TSwipeProfile {
  // « Masquer ma distance »: the town (locality) only, no distance and no marker to measure.
  const marker =
    !c.hideDistance && c.fuzz_lat !== null && c.fuzz_lng !== null
      ? markerOf(c.fuzz_lat, c.fuzz_lng)
      : null;
  const urls = photos(c.photo_key);
  return {
    id: c.id,
    name: c.name ?? '',
    age: ageOf(c.birth_date, now),
    locality: c.locality,
    bio: c.bio,
    photo: urls?.card ?? null,
    photo_thumb: urls?.thumb ?? null,
    photo_lite: urls?.lite ?? null,
    more_photos: c.morePhotoKeys.flatMap((key) => {
      const more = photos(key);
      return more ? [{ thumb: more.thumb, lite: more.lite }] : [];
    }),
    verified: c.verified,
    passions: normalisePassions(c.passions ?? []),
    distance: c.hideDistance || c.distanceKm === null ? null : displayDistanceKm(c.distanceKm),
    lat: marker?.lat ?? null,
    lng: marker?.lng ?? null,
  };
}
