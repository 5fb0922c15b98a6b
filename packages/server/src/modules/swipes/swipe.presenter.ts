/** A swipe card as the viewer sees it (spec 1 §3 "Swipe profile"), with no exact position. */
import { displayDistanceKm, type TSwipeProfile } from '@app/shared';
import { ageOf } from '../profiles/profile.presenter.js';
import type { PhotoUrls } from '../nearby/member.context.js';
import { markerOf } from '../nearby/nearby.presenter.js';
import type { RankedCandidate } from './swipe.service.js';

export function presentSwipeProfile(
  c: RankedCandidate,
  photos: (key: string | null) => PhotoUrls | null,
  now: Date,
): TSwipeProfile {
  const marker =
    c.fuzz_lat !== null && c.fuzz_lng !== null ? markerOf(c.fuzz_lat, c.fuzz_lng) : null;
  return {
    id: c.id,
    name: c.name ?? '',
    age: ageOf(c.birth_date, now),
    locality: c.locality,
    bio: c.bio,
    photo: photos(c.photo_key)?.card ?? null,
    passions: c.passions ?? [],
    distance: c.distanceKm === null ? null : displayDistanceKm(c.distanceKm),
    lat: marker?.lat ?? null,
    lng: marker?.lng ?? null,
  };
}
