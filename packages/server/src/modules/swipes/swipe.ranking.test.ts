import { describe, expect, it } from 'vitest';
import {
  activityBucket,
  distanceBand,
  preferredGenderOf,
  rankCandidates,
  type RankInput,
} from './swipe.ranking.js';

const now = new Date('2025-06-01T12:00:00Z');
const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
const c = (id: number, fields: Partial<RankInput> = {}): RankInput => ({
  id,
  gender: 'femme',
  last_seen_at: daysAgo(1),
  distanceKm: 5,
  ...fields,
});

describe('swipe relevance', () => {
  it('bands distances: town, region, farther, unknown', () => {
    expect([3, 25, 26, 100, 101, null].map(distanceBand)).toEqual([0, 0, 1, 1, 2, 3]);
  });

  it('buckets activity: a week, a month, older or never', () => {
    expect([0, 7, 8, 30, 31].map((d) => activityBucket(daysAgo(d), now))).toEqual([0, 0, 1, 1, 2]);
    expect(activityBucket(null, now)).toBe(2);
  });

  it('assumes each member looks for the other gender', () => {
    expect(preferredGenderOf('homme')).toBe('femme');
    expect(preferredGenderOf('femme')).toBe('homme');
    expect(preferredGenderOf(null)).toBeNull();
  });

  it('orders by band, then preference, then activity, then distance', () => {
    const list = [
      c(1, { distanceKm: 60 }),
      c(2, { gender: 'homme', distanceKm: 2 }),
      c(3, { last_seen_at: daysAgo(90), distanceKm: 1 }),
      c(4, { distanceKm: 20 }),
      c(5, { distanceKm: null }),
      c(6, { distanceKm: 8 }),
      c(7, { gender: null, distanceKm: 3 }),
    ];
    expect(rankCandidates(list, { gender: 'homme', passions: [] }, now).map((x) => x.id)).toEqual([
      6, 4, 3, 2, 7, 1, 5,
    ]);
  });

  it('has no gender preference for a viewer of unknown gender', () => {
    const list = [
      c(1, { gender: 'femme', distanceKm: 9 }),
      c(2, { gender: 'homme', distanceKm: 4 }),
    ];
    expect(rankCandidates(list, { gender: null, passions: [] }, now).map((x) => x.id)).toEqual([
      2, 1,
    ]);
  });

  it('puts the members sharing the most passions first, after band and preference', () => {
    const viewer = { gender: 'homme' as const, passions: ['voyage', 'cuisine', 'art'] };
    const list = [
      c(1, { passions: [] }),
      c(2, { passions: ['art', 'cuisine'] }),
      c(3, { passions: ['Voyage'] }),
      c(4, { passions: ['voyage', 'art', 'cuisine'], gender: 'homme' }),
      c(5, { passions: ['voyage', 'art'], distanceKm: 60 }),
    ];
    expect(rankCandidates(list, viewer, now).map((x) => x.id)).toEqual([2, 3, 1, 4, 5]);
    expect(rankCandidates(list, { ...viewer, passions: [] }, now).map((x) => x.id)).toEqual([
      1, 2, 3, 4, 5,
    ]);
  });
});
