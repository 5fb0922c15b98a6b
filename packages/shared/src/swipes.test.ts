import { describe, expect, it } from 'vitest';
import { ageOn } from './auth-rules.js';
import {
  NEAR_DEFAULT_MAX_AGE,
  NEAR_DEFAULT_MIN_AGE,
  NEAR_DEFAULT_RADIUS_KM,
  NEAR_MSG,
  SWIPE_FETCH_LIMIT,
  ZNearbyRequest,
  ZSwipeProfilesRequest,
  ZSwipeRequest,
  birthDateRange,
  isAgeFilterActive,
} from './swipes.js';

const ageOfIso = (iso: string, today: Date) => {
  const [y, m, d] = iso.split('-').map(Number);
  return ageOn({ y: y ?? 0, m: m ?? 0, d: d ?? 0 }, today);
};

describe('birthDateRange', () => {
  it('matches ageOn at both ends of the range', () => {
    const today = new Date('2025-06-15T10:00:00Z');
    const r = birthDateRange(20, 30, today);
    expect(r).toEqual({ bornOnOrAfter: '1994-06-16', bornOnOrBefore: '2005-06-15' });
    expect(ageOfIso(r.bornOnOrBefore, today)).toBe(20);
    expect(ageOfIso(r.bornOnOrAfter, today)).toBe(30);
    expect(ageOfIso('1994-06-15', today)).toBe(31);
    expect(ageOfIso('2005-06-16', today)).toBe(19);
  });

  it('handles 29 February in a year that has none', () => {
    const today = new Date('2024-02-29T08:00:00Z');
    const r = birthDateRange(18, 18, today);
    expect(r.bornOnOrBefore).toBe('2006-02-28');
    expect(r.bornOnOrAfter).toBe('2005-03-01');
  });

  it('treats the default 18–99 as no filter', () => {
    expect(isAgeFilterActive(NEAR_DEFAULT_MIN_AGE, NEAR_DEFAULT_MAX_AGE)).toBe(false);
    expect(isAgeFilterActive(18, 40)).toBe(true);
    expect(isAgeFilterActive(25, 99)).toBe(true);
  });
});

describe('payloads', () => {
  it('fills the defaults of /swipe/profiles and /location/nearby', () => {
    expect(ZSwipeProfilesRequest.parse({})).toEqual({ limit: SWIPE_FETCH_LIMIT, exclude_ids: [] });
    const q = ZNearbyRequest.parse({ latitude: '12.37', longitude: -1.52 });
    expect(q).toMatchObject({
      latitude: 12.37,
      radius: NEAR_DEFAULT_RADIUS_KM,
      min_age: 18,
      max_age: 99,
    });
  });

  it('refuses out-of-range values with French messages', () => {
    expect(ZSwipeProfilesRequest.safeParse({ limit: 21 }).success).toBe(false);
    expect(ZSwipeProfilesRequest.safeParse({ exclude_ids: ['x'] }).success).toBe(false);
    expect(ZSwipeRequest.safeParse({ target_user_id: 3, action: 'superlike' }).success).toBe(false);
    const far = ZNearbyRequest.safeParse({ latitude: 95, longitude: 0 });
    expect(far.success ? null : far.error.issues[0]?.message).toBe(NEAR_MSG.latitudeInvalid);
    const wide = ZNearbyRequest.safeParse({ latitude: 1, longitude: 0, radius: 101 });
    expect(wide.success ? null : wide.error.issues[0]?.message).toBe(NEAR_MSG.radiusInvalid);
    const order = ZNearbyRequest.safeParse({ latitude: 1, longitude: 0, min_age: 40, max_age: 30 });
    expect(order.success ? null : order.error.issues[0]?.message).toBe(NEAR_MSG.ageOrder);
  });

  it('accepts null positions on /swipe/profiles', () => {
    expect(ZSwipeProfilesRequest.parse({ user_lat: null, user_lng: null })).toMatchObject({
      user_lat: null,
      user_lng: null,
    });
  });
});
