/**
 * Relevance of swipe candidates. The candidates come from bounded, index-driven pools (the
 * nearest of the preferred gender, the nearest of the others, then members with no position);
 * this orders them by, in turn:
 *
 * 1. distance band from the viewer's stored position: up to 25 km (same town), up to 100 km
 *    (the region), farther, then unknown (no position shared);
 * 2. mutual preference: members have no "looking for" setting yet, so each member is assumed to
 *    look for the other gender; a candidate of the viewer's preferred gender is then also one
 *    whose own preference the viewer meets, and ranks first. A viewer of unknown gender has no
 *    preference and every candidate ranks equal here;
 * 3. passions in common with the viewer, the most first (computed here on the bounded pools,
 *    so the index-driven queries stay as they are);
 * 4. recent activity (last_seen_at): within 7 days, within 30 days, older or never;
 * 5. exact distance, then id, so the order is stable.
 */
import { sharedPassionCount } from '@app/shared';

export type Gender = 'homme' | 'femme';

export interface RankInput {
  id: number;
  gender: Gender | null;
  last_seen_at: Date | null;
  distanceKm: number | null;
  passions?: readonly string[];
}

/** Who is looking: their gender and their passions. */
interface RankViewer {
  gender: Gender | null;
  passions: readonly string[];
}

const DAY_MS = 86_400_000;
const DISTANCE_BANDS_KM = [25, 100] as const;
const ACTIVITY_BUCKETS_DAYS = [7, 30] as const;

export function preferredGenderOf(viewer: Gender | null): Gender | null {
  if (viewer === 'homme') return 'femme';
  if (viewer === 'femme') return 'homme';
  return null;
}

export function distanceBand(km: number | null): number {
  if (km === null) return DISTANCE_BANDS_KM.length + 1;
  const band = DISTANCE_BANDS_KM.findIndex((limit) => km <= limit);
  return band === -1 ? DISTANCE_BANDS_KM.length : band;
}

export function activityBucket(lastSeen: Date | null, now: Date): number {
  if (!lastSeen) return ACTIVITY_BUCKETS_DAYS.length;
  const days = (now.getTime() - new Date(lastSeen).getTime()) / DAY_MS;
  const bucket = ACTIVITY_BUCKETS_DAYS.findIndex((limit) => days <= limit);
  return bucket === -1 ? ACTIVITY_BUCKETS_DAYS.length : bucket;
}

export function rankCandidates<T extends RankInput>(
  list: readonly T[],
  viewer: RankViewer,
  now: Date,
): T[] {
  const preferred = preferredGenderOf(viewer.gender);
  const key = (c: T) => [
    distanceBand(c.distanceKm),
    preferred && c.gender !== preferred ? 1 : 0,
    -sharedPassionCount(viewer.passions, c.passions ?? []),
    activityBucket(c.last_seen_at, now),
    c.distanceKm ?? Number.POSITIVE_INFINITY,
    c.id,
  ];
  const keyed = list.map((c) => ({ c, k: key(c) }));
  keyed.sort((a, b) => {
    for (let i = 0; i < a.k.length; i++) {
      const d = (a.k[i] ?? 0) - (b.k[i] ?? 0);
      if (d !== 0 && !Number.isNaN(d)) return d;
    }
    return 0;
  });
  return keyed.map((x) => x.c);
}
