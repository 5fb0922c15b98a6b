/**
 * Property-based tests of the numeric rules shared by the server and the web: age from a birth
 * date (18+ floor), coin pack prices, distances, and page bounds (the marker fuzz is the
 * database's: packages/server/test/nearby.test.ts).
 */
import { describe, expect } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { AUTH_MSG, MAX_AGE, MIN_AGE, ageOf, ageOn, birthDateError } from './auth-rules.js';
import { birthDateRange } from './swipes.js';
import { COIN_PACKS, COINS_MSG, packTotalCoins, resolvePack } from './coins.js';
import {
  destinationPoint,
  displayDistanceKm,
  haversineKm,
  planeKm,
  planeSearchRadiusKm,
  roundPosition,
} from './geo.js';
import { ZPageQuery } from './envelope.js';
import { ZFeedQuery, FEED_PER_PAGE_MAX } from './announcements.js';

const DAY_MS = 86_400_000;
/** A day between 1990 and 2090, at midnight UTC. */
const day = fc.integer({ min: 7305, max: 43829 }).map((n) => new Date(n * DAY_MS));
const isoOf = (d: Date) => d.toISOString().slice(0, 10);
const partsOf = (d: Date) => ({ y: d.getUTCFullYear(), m: d.getUTCMonth() + 1, d: d.getUTCDate() });

describe('age from a birth date', () => {
  test.prop([day, fc.integer({ min: 0, max: 100 })])(
    'is the years since the birthday, one less the day before it',
    (today, years) => {
      const { y, m, d } = partsOf(today);
      if (m === 2 && d === 29) return; // no such birthday in most years
      expect(ageOn({ y: y - years, m, d }, today)).toBe(years);
      const eve = new Date(today.getTime() - DAY_MS);
      expect(ageOn({ y: y - years, m, d }, eve)).toBe(years - 1);
    },
  );

  test.prop([day, fc.integer({ min: 0, max: 100 })])(
    'reads a stored YYYY-MM-DD date as the same age, and none when there is no date',
    (today, years) => {
      const { y, m, d } = partsOf(today);
      if (m === 2 && d === 29) return;
      const stored = `${y - years}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
      expect(ageOf(stored, today)).toBe(ageOn({ y: y - years, m, d }, today));
      expect(ageOf(null, today)).toBeNull();
      expect(ageOf('', today)).toBeNull();
    },
  );

  test.prop([day, day])('never goes down as time passes', (a, b) => {
    const [early, late] = a <= b ? [a, b] : [b, a];
    const birth = partsOf(new Date(early.getTime() - 30 * 365 * DAY_MS));
    expect(ageOn(birth, late)).toBeGreaterThanOrEqual(ageOn(birth, early));
  });

  test.prop([day, fc.integer({ min: MIN_AGE, max: 99 })])(
    'accepts exactly the birth dates the age filter counts as that age',
    (today, age) => {
      const range = birthDateRange(age, age, today);
      // Birth years before 1900 are refused on their own (AUTH_MSG.birthYearInvalid).
      fc.pre(range.bornOnOrAfter >= '1900');
      expect(birthDateError(range.bornOnOrBefore, today)).toBeNull();
      expect(birthDateError(range.bornOnOrAfter, today)).toBeNull();
      for (const edge of [range.bornOnOrAfter, range.bornOnOrBefore]) {
        const [y, m, d] = edge.split('-').map(Number);
        expect(ageOn({ y: y ?? 0, m: m ?? 0, d: d ?? 0 }, today), edge).toBe(age);
      }
    },
  );

  test.prop([day, fc.integer({ min: 0, max: MIN_AGE * 366 - 1 })])(
    'refuses anyone under 18',
    (today, daysOld) => {
      const birth = new Date(today.getTime() - daysOld * DAY_MS);
      if (ageOn(partsOf(birth), today) >= MIN_AGE) return;
      expect(birthDateError(isoOf(birth), today)).toBe(AUTH_MSG.tooYoung);
    },
  );

  test.prop([day])('refuses a birth date more than MAX_AGE years back', (today) => {
    const { y, m, d } = partsOf(today);
    expect(birthDateError(`${y - MAX_AGE - 1}-${m}-${d}`, today)).not.toBeNull();
  });
});

describe('coin packs', () => {
  test.prop([fc.constantFrom(...COIN_PACKS)])(
    'names each pack by id, by price or both, and CinetPay can charge its price',
    (pack) => {
      expect(resolvePack({ pack_id: pack.id })).toEqual({ pack });
      expect(resolvePack({ amount: pack.price })).toEqual({ pack });
      expect(resolvePack({ pack_id: pack.id, amount: pack.price })).toEqual({ pack });
      expect(pack.price % 5).toBe(0);
      expect(packTotalCoins(pack)).toBeGreaterThan(0);
    },
  );

  test.prop([fc.integer({ min: -1_000, max: 20_000 })])(
    'refuses any amount that is not a pack price',
    (amount) => {
      fc.pre(!COIN_PACKS.some((p) => p.price === amount));
      expect(resolvePack({ amount })).toEqual({ error: COINS_MSG.amountInvalid });
    },
  );

  test.prop([fc.constantFrom(...COIN_PACKS), fc.constantFrom(...COIN_PACKS)])(
    'refuses a pack id and an amount that disagree; bigger packs never cost more per coin',
    (a, b) => {
      if (a.id !== b.id) {
        expect(resolvePack({ pack_id: a.id, amount: b.price })).toEqual({
          error: COINS_MSG.packMismatch,
        });
      }
      const [small, big] = a.price <= b.price ? [a, b] : [b, a];
      expect(big.price / packTotalCoins(big)).toBeLessThanOrEqual(
        small.price / packTotalCoins(small),
      );
    },
  );
});

const place = fc.record({
  lat: fc.double({ min: -80, max: 80, noNaN: true }),
  lng: fc.double({ min: -179, max: 179, noNaN: true }),
});
/** West Africa, where the nearby index's plane is meant to hold. */
const westAfrica = fc.record({
  lat: fc.double({ min: 4, max: 25, noNaN: true }),
  lng: fc.double({ min: -18, max: 16, noNaN: true }),
});
const unit = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });

describe('distance and fuzz', () => {
  test.prop([place, place, place])(
    'is a distance: symmetric, zero on itself, triangle',
    (a, b, c) => {
      expect(haversineKm(a, a)).toBeCloseTo(0, 9);
      expect(haversineKm(a, b)).toBeCloseTo(haversineKm(b, a), 9);
      expect(haversineKm(a, c)).toBeLessThanOrEqual(haversineKm(a, b) + haversineKm(b, c) + 1e-6);
      expect(haversineKm(a, b)).toBeLessThanOrEqual(Math.PI * 6371 + 1e-6);
    },
  );

  test.prop([fc.double({ min: 0, max: 20_000, noNaN: true })])(
    'shows whole km, at least 1, within half a km of the truth',
    (km) => {
      const shown = displayDistanceKm(km);
      expect(Number.isInteger(shown)).toBe(true);
      expect(shown).toBeGreaterThanOrEqual(1);
      if (km >= 0.5) expect(Math.abs(shown - km)).toBeLessThanOrEqual(0.5);
    },
  );

  test.prop([place])('stores a position within about a kilometre, stable once rounded', (p) => {
    const stored = roundPosition(p);
    expect(haversineKm(p, stored)).toBeLessThan(0.8);
    expect(roundPosition(stored)).toEqual(stored);
  });

  test.prop([
    westAfrica,
    unit,
    fc.double({ min: 0, max: 1, noNaN: true }),
    fc.integer({ min: 1, max: 300 }),
  ])(
    'finds every member within the radius inside the planar search circle',
    (origin, bearing, share, radiusKm) => {
      const other = destinationPoint(origin, 2 * Math.PI * bearing, radiusKm * share);
      const a = planeKm(origin);
      const b = planeKm(other);
      expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeLessThanOrEqual(
        planeSearchRadiusKm(origin, radiusKm),
      );
    },
  );
});

describe('page bounds', () => {
  test.prop([fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 50 })])(
    'accepts every page from 1 to 10 000 and up to 50 a page',
    (page, perPage) => {
      expect(ZPageQuery.parse({ page: String(page), per_page: perPage })).toEqual({
        page,
        per_page: perPage,
      });
    },
  );

  test.prop([
    fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 10_001 }), fc.double({ noInteger: true })),
  ])('refuses a page below 1, above 10 000 or not whole', (page) => {
    expect(ZPageQuery.safeParse({ page }).success).toBe(false);
    expect(ZFeedQuery.safeParse({ page }).success).toBe(false);
  });

  test.prop([fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: FEED_PER_PAGE_MAX + 1 }))])(
    "keeps the feed's page size between 1 and its maximum",
    (perPage) => {
      expect(ZFeedQuery.safeParse({ per_page: perPage }).success).toBe(false);
    },
  );
});
