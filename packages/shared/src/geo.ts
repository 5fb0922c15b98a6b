/**
 * Pure geography rules shared by the server and the web (spec 1 §9, ARCHITECTURE "Privacy"):
 * haversine distance (earth radius 6371 km), the ~1 km rounding of stored positions, whole-km
 * distances of at least 1 and the planar projection the nearby index is built on (migration
 * 006 repeats planeKm as geo_plane_km; packages/server/test/nearby.test.ts checks both agree).
 *
 * The marker fuzz (a point 300 to 800 m from the stored one) is not here: the database alone
 * computes it (migration 006, geo_fuzz_point, into the generated column users.fuzz_pos). Its
 * key is a secret drawn once per database that never leaves it; as a STORED generated column
 * it exists for every writer (sign-up, seed, benchmarks, imports) without any of them knowing
 * the rule, is the same for every server copy, and is indexed for the nearest-first search.
 * A TypeScript copy would need the secret in every process and could drift from the index.
 */

export const EARTH_RADIUS_KM = 6371;
/** Stored positions keep 2 decimals: about 1.1 km of latitude, 1.08 km of longitude here. */
export const LOCATION_DECIMALS = 2;
/** Central meridian of the nearby index's plane: Burkina Faso, where distortion is smallest. */
export const PLANE_CENTRAL_LNG = -1.5;

export interface TLatLng {
  lat: number;
  lng: number;
}

const toRad = (deg: number) => (deg * Math.PI) / 180;
const toDeg = (rad: number) => (rad * 180) / Math.PI;

export function roundCoord(value: number, decimals = LOCATION_DECIMALS): number {
  const f = 10 ** decimals;
  // + 0 turns -0 into 0, so a rounded position prints the same way everywhere.
  return Math.round(value * f) / f + 0;
}

/** The position as stored: about 1 km of precision, never the device's exact point. */
export function roundPosition(p: TLatLng, decimals = LOCATION_DECIMALS): TLatLng {
  return { lat: roundCoord(p.lat, decimals), lng: roundCoord(p.lng, decimals) };
}

export function isValidPosition(p: TLatLng): boolean {
  return (
    Number.isFinite(p.lat) &&
    Number.isFinite(p.lng) &&
    Math.abs(p.lat) <= 90 &&
    Math.abs(p.lng) <= 180
  );
}

/** Great-circle distance in km (haversine, radius 6371 km). */
export function haversineKm(a: TLatLng, b: TLatLng): number {
  const dLat = toRad(b.lat - a.lat);
  const dLng = toRad(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** What a member is shown: whole km, at least 1 ("À 1 km de vous" for anyone closer). */
export function displayDistanceKm(km: number): number {
  return Math.max(1, Math.round(km));
}

/** The point `distanceKm` away from `origin` along `bearingRad` (0 = north, clockwise). */
export function destinationPoint(origin: TLatLng, bearingRad: number, distanceKm: number): TLatLng {
  const delta = distanceKm / EARTH_RADIUS_KM;
  const phi1 = toRad(origin.lat);
  const lambda1 = toRad(origin.lng);
  const phi2 = Math.asin(
    Math.sin(phi1) * Math.cos(delta) + Math.cos(phi1) * Math.sin(delta) * Math.cos(bearingRad),
  );
  const lambda2 =
    lambda1 +
    Math.atan2(
      Math.sin(bearingRad) * Math.sin(delta) * Math.cos(phi1),
      Math.cos(delta) - Math.sin(phi1) * Math.sin(phi2),
    );
  return { lat: toDeg(phi2), lng: toDeg(lambda2) };
}

/**
 * Sinusoidal projection in km around PLANE_CENTRAL_LNG: x east, y north. Euclidean distance in
 * this plane is within a few per cent of the true distance over West Africa, which lets a
 * core PostgreSQL GiST index on `point` answer "nearest first" (see migration 006).
 */
export function planeKm(p: TLatLng): { x: number; y: number } {
  return {
    x: EARTH_RADIUS_KM * toRad(p.lng - PLANE_CENTRAL_LNG) * Math.cos(toRad(p.lat)),
    y: EARTH_RADIUS_KM * toRad(p.lat),
  };
}

/**
 * The planar radius that surely contains every point within `radiusKm` (true distance) of
 * `origin`. The projection's shear grows with the distance to the central meridian times the
 * sine of the latitude; the bound adds it with a margin, plus 1 km for the cells' size.
 */
export function planeSearchRadiusKm(origin: TLatLng, radiusKm: number): number {
  const reachDeg = radiusKm / 111;
  const farLng = Math.abs(origin.lng - PLANE_CENTRAL_LNG) + reachDeg;
  const farLat = Math.min(89, Math.abs(origin.lat) + reachDeg);
  const shear = toRad(farLng) * Math.sin(toRad(farLat));
  return radiusKm * (1 + 1.5 * shear + 0.02) + 1;
}
