/**
 * The map's settings (spec 1 §5, §9): filters from the 'Filtres' form (distance slider 1–100,
 * ages parsed as numbers and nothing more, as the spec says; only what the server would refuse
 * is corrected), zoom clamped 1–20, and the tile server.
 */
import {
  NEAR_DEFAULT_MAX_AGE,
  NEAR_DEFAULT_MIN_AGE,
  NEAR_DEFAULT_RADIUS_KM,
  NEAR_MAX_ZOOM,
  NEAR_MIN_ZOOM,
  NEAR_RADIUS_MAX_KM,
  NEAR_RADIUS_MIN_KM,
} from '@app/shared';
import type { NearbyFilters } from '../../api/useNearby';

export const DEFAULT_FILTERS: NearbyFilters = {
  radius: NEAR_DEFAULT_RADIUS_KM,
  min_age: NEAR_DEFAULT_MIN_AGE,
  max_age: NEAR_DEFAULT_MAX_AGE,
};
const AGE_BOUNDS = [0, 150] as const;

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

export const clampZoom = (zoom: number) => clamp(Math.round(zoom), NEAR_MIN_ZOOM, NEAR_MAX_ZOOM);

function parseAge(text: string, fallback: number): number {
  const n = Number.parseInt(text, 10);
  return Number.isFinite(n) ? clamp(n, AGE_BOUNDS[0], AGE_BOUNDS[1]) : fallback;
}

/** The filters to apply; ages given the wrong way round are swapped rather than refused. */
export function parseFilters(
  radius: number,
  minText: string,
  maxText: string,
  previous: NearbyFilters,
): NearbyFilters {
  const a = parseAge(minText, previous.min_age);
  const b = parseAge(maxText, previous.max_age);
  return {
    radius: clamp(Math.round(radius) || previous.radius, NEAR_RADIUS_MIN_KM, NEAR_RADIUS_MAX_KM),
    min_age: Math.min(a, b),
    max_age: Math.max(a, b),
  };
}

/** OpenStreetMap's tiles unless VITE_MAP_TILE_URL names another server ({s}, {z}, {x}, {y}). */
export const TILE_URL: string =
  typeof import.meta.env.VITE_MAP_TILE_URL === 'string' && import.meta.env.VITE_MAP_TILE_URL
    ? import.meta.env.VITE_MAP_TILE_URL
    : 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
export const TILE_ATTRIBUTION = '© contributeurs OpenStreetMap';
/** Tiles that fail before any loads: the map is declared unavailable. */
export const TILE_FAILURES_BEFORE_PANEL = 3;
