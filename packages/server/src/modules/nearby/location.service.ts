/**
 * Position rules: the member's position is stored rounded to about 1 km; others are searched
 * nearest first by their fuzzed marker, in exact haversine order, within the radius and ages.
 * Every change of one's own position and every search is rate limited per member, which slows
 * down anyone trying to trilaterate by moving their own position step by step (and what they
 * could measure is only the fuzzed marker anyway, see migration 006).
 */
import {
  DEFAULT_CITY,
  LOCATION_UPDATE_LIMIT,
  NEARBY_SEARCH_LIMIT,
  NEAR_MAX_RESULTS,
  birthDateRange,
  haversineKm,
  isAgeFilterActive,
  planeKm,
  planeSearchRadiusKm,
  roundCoord,
  roundPosition,
  type TLatLng,
  type TOwnLocation,
} from '@app/shared';
import type { Database } from '../../db/kysely.js';
import type { Deps } from '../../deps.js';
import * as repo from './location.repository.js';

/** Rows fetched beyond the page, so that planar-vs-true near-ties cannot push a closer one out. */
const NEARBY_OVERFETCH = 20;

export interface NearbyQuery {
  latitude: number;
  longitude: number;
  radius: number;
  min_age: number;
  max_age: number;
  seeking?: 'homme' | 'femme';
  verified_only?: boolean;
}

export interface NearbyHit extends repo.NearbyRow {
  distanceKm: number;
}

const samePosition = (a: TLatLng, lat: number | null, lng: number | null) =>
  lat !== null && lng !== null && a.lat === lat && a.lng === lng;

/**
 * Stores the member's position rounded to 2 decimals. Only a real change counts against the
 * rate limit, so a phone sending the same place again and again is never refused.
 */
export async function saveOwnPosition(
  deps: Pick<Deps, 'db' | 'limiter'>,
  me: number,
  position: TLatLng,
): Promise<TLatLng> {
  const rounded = roundPosition(position);
  const current = await repo.findViewer(deps.db, me);
  if (current && samePosition(rounded, current.lat, current.lng)) return rounded;
  await deps.limiter.hit({ key: `location:update:${me}`, ...LOCATION_UPDATE_LIMIT });
  await repo.updateOwnPosition(deps.db, me, rounded.lat, rounded.lng);
  return rounded;
}

/** The member's own stored position, or the default city when none is stored yet. */
export async function ownLocation(deps: Pick<Deps, 'db'>, me: number): Promise<TOwnLocation> {
  const row = await repo.findViewer(deps.db, me);
  if (row && row.lat !== null && row.lng !== null) {
    return {
      latitude: row.lat,
      longitude: row.lng,
      is_default: false,
      updated_at: row.location_updated_at ? new Date(row.location_updated_at).toISOString() : null,
    };
  }
  return {
    latitude: DEFAULT_CITY.lat,
    longitude: DEFAULT_CITY.lng,
    is_default: true,
    updated_at: null,
  };
}

/** Where the member's searches start from: the stored position, else the default city. */
export function originOf(row: Pick<repo.ViewerRow, 'lat' | 'lng'> | undefined): TLatLng {
  return row && row.lat !== null && row.lng !== null
    ? { lat: row.lat, lng: row.lng }
    : DEFAULT_CITY;
}

export function nearbySearch(db: Database, viewerId: number, q: NearbyQuery, now: Date) {
  const origin = roundPosition({ lat: q.latitude, lng: q.longitude });
  const plane = planeKm(origin);
  const range = birthDateRange(q.min_age, q.max_age, now);
  const search: repo.NearbySearch = {
    viewerId,
    planeX: plane.x,
    planeY: plane.y,
    planeRadiusKm: planeSearchRadiusKm(origin, q.radius),
    born: isAgeFilterActive(q.min_age, q.max_age)
      ? { onOrAfter: range.bornOnOrAfter, onOrBefore: range.bornOnOrBefore }
      : null,
    gender: q.seeking ?? null,
    verifiedOnly: q.verified_only === true,
    limit: NEAR_MAX_RESULTS + NEARBY_OVERFETCH,
  };
  return { origin, search, run: () => repo.findNearby(db, search) };
}

/** About 11 km: the town a member is in, not where in it. */
const TOWN_SQUARE_DECIMALS = 1;

/**
 * « Masquer ma distance »: the member is placed, measured, filtered and sorted by the square of
 * their town, so neither the answer nor a series of searches with growing radii tells more.
 */
function townSquareIfHidden(r: repo.NearbyRow): repo.NearbyRow {
  if (!r.hide_distance) return r;
  return {
    ...r,
    fuzz_lat: roundCoord(r.fuzz_lat, TOWN_SQUARE_DECIMALS),
    fuzz_lng: roundCoord(r.fuzz_lng, TOWN_SQUARE_DECIMALS),
  };
}

/** Members within `radius` km and the ages asked, nearest first, at most NEAR_MAX_RESULTS. */
export async function findNearbyMembers(
  deps: Pick<Deps, 'db' | 'limiter' | 'clock'>,
  me: number,
  q: NearbyQuery,
): Promise<NearbyHit[]> {
  await deps.limiter.hit({ key: `location:nearby:${me}`, ...NEARBY_SEARCH_LIMIT });
  const { origin, run } = nearbySearch(deps.db, me, q, deps.clock.now());
  const rows = (await run()).map(townSquareIfHidden);
  return rows
    .map((r) => ({ ...r, distanceKm: haversineKm(origin, { lat: r.fuzz_lat, lng: r.fuzz_lng }) }))
    .filter((r) => r.distanceKm <= q.radius)
    .sort((a, b) => a.distanceKm - b.distanceKm || a.id - b.id)
    .slice(0, NEAR_MAX_RESULTS);
}
