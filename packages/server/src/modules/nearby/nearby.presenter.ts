/**
 * A nearby member as others see them: fuzzed marker and whole-km distance, nothing exact; the
 * town alone for a member who hides their distance.
 */
import { ageOf, displayDistanceKm, roundCoord, type TNearbyUser } from '@app/shared';
import type { PhotoUrls } from './photo-urls.js';
import type { NearbyHit } from './location.service.js';

/** Markers carry 4 decimals (about 11 m): finer digits of a fuzzed point mean nothing. */
const MARKER_DECIMALS = 4;

export const markerOf = (lat: number, lng: number) => ({
  lat: roundCoord(lat, MARKER_DECIMALS),
  lng: roundCoord(lng, MARKER_DECIMALS),
});

export function presentNearbyUser(
  hit: NearbyHit,
  photos: (key: string | null) => PhotoUrls | null,
  now: Date,
): TNearbyUser {
  const urls = photos(hit.photo_key);
  return {
    id: hit.id,
    name: hit.name ?? '',
    age: ageOf(hit.birth_date, now),
    photo: urls?.card ?? null,
    photo_thumb: urls?.thumb ?? null,
    photo_lite: urls?.lite ?? null,
    position: markerOf(hit.fuzz_lat, hit.fuzz_lng),
    distance: hit.hide_distance ? null : displayDistanceKm(hit.distanceKm),
    locality: hit.locality,
    verified: hit.verified,
  };
}
