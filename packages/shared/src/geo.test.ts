import { describe, expect, it } from 'vitest';
import {
  EARTH_RADIUS_KM,
  destinationPoint,
  displayDistanceKm,
  haversineKm,
  isValidPosition,
  planeKm,
  planeSearchRadiusKm,
  roundCoord,
  roundPosition,
} from './geo.js';

const OUAGA = { lat: 12.3714, lng: -1.5197 };
const BOBO = { lat: 11.1771, lng: -4.2979 };

/** A small deterministic generator, so a failure can be replayed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('haversineKm', () => {
  it('uses an earth radius of 6371 km', () => {
    expect(EARTH_RADIUS_KM).toBe(6371);
    // A quarter of a meridian.
    expect(haversineKm({ lat: 0, lng: 0 }, { lat: 90, lng: 0 })).toBeCloseTo(
      (Math.PI / 2) * 6371,
      6,
    );
  });

  it('gives about 330 km from Ouagadougou to Bobo-Dioulasso, the same both ways', () => {
    const d = haversineKm(OUAGA, BOBO);
    expect(d).toBeGreaterThan(325);
    expect(d).toBeLessThan(335);
    expect(haversineKm(BOBO, OUAGA)).toBeCloseTo(d, 9);
    expect(haversineKm(OUAGA, OUAGA)).toBe(0);
  });

  it('stays finite for antipodes', () => {
    expect(haversineKm({ lat: 10, lng: 10 }, { lat: -10, lng: -170 })).toBeCloseTo(
      Math.PI * 6371,
      3,
    );
  });
});

describe('rounding and display', () => {
  it('keeps two decimals (about 1 km) and never prints -0', () => {
    expect(roundCoord(12.371449)).toBe(12.37);
    expect(roundCoord(-1.5197)).toBe(-1.52);
    expect(Object.is(roundCoord(-0.001), 0)).toBe(true);
    expect(roundPosition(OUAGA)).toEqual({ lat: 12.37, lng: -1.52 });
  });

  it('moves a point by at most about 0.8 km', () => {
    const next = rng(1);
    for (let i = 0; i < 1000; i++) {
      const p = { lat: 4 + 20 * next(), lng: -17 + 30 * next() };
      expect(haversineKm(p, roundPosition(p))).toBeLessThan(0.79);
    }
  });

  it('shows whole km, at least 1', () => {
    expect(displayDistanceKm(0)).toBe(1);
    expect(displayDistanceKm(0.4)).toBe(1);
    expect(displayDistanceKm(1.49)).toBe(1);
    expect(displayDistanceKm(1.5)).toBe(2);
    expect(displayDistanceKm(42.6)).toBe(43);
  });

  it('accepts only real coordinates', () => {
    expect(isValidPosition(OUAGA)).toBe(true);
    expect(isValidPosition({ lat: 91, lng: 0 })).toBe(false);
    expect(isValidPosition({ lat: 0, lng: -180.5 })).toBe(false);
    expect(isValidPosition({ lat: Number.NaN, lng: 0 })).toBe(false);
  });
});

describe('fuzzing', () => {
  it('lands the destination point at the asked distance and bearing', () => {
    const north = destinationPoint(OUAGA, 0, 10);
    expect(north.lng).toBeCloseTo(OUAGA.lng, 9);
    expect(haversineKm(OUAGA, north)).toBeCloseTo(10, 9);
    const east = destinationPoint(OUAGA, Math.PI / 2, 5);
    expect(east.lng).toBeGreaterThan(OUAGA.lng);
    expect(haversineKm(OUAGA, east)).toBeCloseTo(5, 9);
  });
});

describe('the nearby index plane', () => {
  const planar = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => {
    const pa = planeKm(a);
    const pb = planeKm(b);
    return Math.hypot(pa.x - pb.x, pa.y - pb.y);
  };

  it('is almost exact around Ouagadougou', () => {
    const p = destinationPoint(OUAGA, 1, 30);
    expect(Math.abs(planar(OUAGA, p) - 30)).toBeLessThan(0.1);
  });

  it('keeps every point within the radius inside the search circle, across West Africa', () => {
    const next = rng(3);
    for (let i = 0; i < 3000; i++) {
      const origin = { lat: 4 + 21 * next(), lng: -17.5 + 33 * next() };
      const radius = 1 + 99 * next();
      const p = destinationPoint(origin, 2 * Math.PI * next(), radius * Math.sqrt(next()));
      expect(planar(origin, p)).toBeLessThanOrEqual(planeSearchRadiusKm(origin, radius));
    }
  });

  it('does not widen the circle much where distortion is small', () => {
    expect(planeSearchRadiusKm(OUAGA, 50)).toBeLessThan(53);
    expect(planeSearchRadiusKm({ lat: 14.7, lng: -17.4 }, 50)).toBeLessThan(60);
  });
});
