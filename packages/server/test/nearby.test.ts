import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOCATION_UPDATE_LIMIT,
  NEARBY_SEARCH_LIMIT,
  NEAR_MAX_RESULTS,
  destinationPoint,
  displayDistanceKm,
  haversineKm,
  type TLatLng,
  type TNearbyUser,
} from '@app/shared';
import { createMember, createTestApp, type TestApp } from './helpers.js';
import { explainNearby } from '../src/modules/nearby/location.repository.js';
import { nearbySearch } from '../src/modules/nearby/location.service.js';
import { explainNearestCandidates } from '../src/modules/swipes/swipe.repository.js';
import { planeKm } from '@app/shared';

/** The marker's distance from the stored point (spec; the database computes it, migration 006). */
const FUZZ_MIN_M = 300;
const FUZZ_MAX_M = 800;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload });
const thisYear = new Date().getUTCFullYear();
const bornAged = (age: number) => `${thisYear - age}-01-01`;

/** A complete member placed (stored) at `at`, aged `age`. */
async function member(
  at: TLatLng | null,
  age = 30,
  extra: { complete?: boolean; blocked?: boolean } = {},
) {
  const m = await createMember(t, { complete: extra.complete ?? true, blocked: extra.blocked });
  await t.db.query(
    `UPDATE users SET birth_date = $2, lat = $3, lng = $4, gender = 'femme', photo_key = $5, device_hash = 'dev-x'
      WHERE id = $1`,
    [m.id, bornAged(age), at?.lat ?? null, at?.lng ?? null, `u${m.id}/${'cd'.repeat(16)}`],
  );
  return m;
}

async function nearby(token: string, at: TLatLng, body: object = {}): Promise<TNearbyUser[]> {
  const res = await post('/location/nearby', {
    token,
    latitude: at.lat,
    longitude: at.lng,
    ...body,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

const storedOf = async (id: number) =>
  (
    await t.db.query<{ lat: number; lng: number }>('SELECT lat, lng FROM users WHERE id = $1', [id])
  )[0];

describe('POST /api/location/update and /api/location/current', () => {
  it('answers the default city, then the stored position rounded to about 1 km', async () => {
    const m = await member(null);
    const before = await post('/location/current', { token: m.token });
    expect(before.json().data).toEqual({
      latitude: 12.3714,
      longitude: -1.5197,
      is_default: true,
      updated_at: null,
    });
    const res = await post('/location/update', {
      token: m.token,
      latitude: 12.36789,
      longitude: -1.53321,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      data: { latitude: 12.37, longitude: -1.53 },
    });
    expect(await storedOf(m.id)).toEqual({ lat: 12.37, lng: -1.53 });
    const after = (await post('/location/current', { token: m.token })).json().data;
    expect(after).toMatchObject({ latitude: 12.37, longitude: -1.53, is_default: false });
    expect(typeof after.updated_at).toBe('string');
  });

  it('refuses without a token and validates the ranges in French', async () => {
    expect((await post('/location/update', { latitude: 1, longitude: 1 })).statusCode).toBe(401);
    expect((await post('/location/current', {})).statusCode).toBe(401);
    const m = await member(null);
    const lat = await post('/location/update', { token: m.token, latitude: 91, longitude: 0 });
    expect(lat.statusCode).toBe(400);
    expect(lat.json().message).toBe('Latitude invalide');
    const lng = await post('/location/update', { token: m.token, latitude: 0, longitude: 'est' });
    expect(lng.statusCode).toBe(400);
    expect(lng.json().message).toBe('Longitude invalide');
    expect(await storedOf(m.id)).toEqual({ lat: null, lng: null });
  });

  it('limits position changes per member, not repeats of the same place', async () => {
    const m = await member(null);
    for (let i = 0; i < 40; i++) {
      expect(
        (await post('/location/update', { token: m.token, latitude: 10, longitude: 1 })).statusCode,
      ).toBe(200);
    }
    for (let i = 1; i < LOCATION_UPDATE_LIMIT.max; i++) {
      const res = await post('/location/update', {
        token: m.token,
        latitude: 10 + i / 100,
        longitude: 1,
      });
      expect(res.statusCode).toBe(200);
    }
    const over = await post('/location/update', { token: m.token, latitude: 11, longitude: 1 });
    expect(over.statusCode).toBe(429);
    expect(over.json().success).toBe(false);
    for (let i = 0; i < NEARBY_SEARCH_LIMIT.max; i++) await nearby(m.token, { lat: 10, lng: 1 });
    const searches = await post('/location/nearby', { token: m.token, latitude: 10, longitude: 1 });
    expect(searches.statusCode).toBe(429);
  });
});

describe('POST /api/location/nearby', () => {
  // Fada N'Gourma: no other test places anyone within 100 km.
  const FADA = { lat: 12.06, lng: 0.36 };

  it('returns visible members within the radius and ages, nearest first, with fuzzed markers', async () => {
    const viewer = await member(FADA);
    const at = (km: number) => {
      const p = destinationPoint(FADA, 1.2, km);
      return { lat: Math.round(p.lat * 100) / 100, lng: Math.round(p.lng * 100) / 100 };
    };
    const far = await member(at(40), 25);
    const mid = await member(at(12), 35);
    const close = await member(at(4), 52);
    const outside = await member(at(80), 30);
    const incomplete = await member(at(5), 30, { complete: false });
    const suspended = await member(at(5), 30, { blocked: true });
    const blocker = await member(at(6), 30);
    await t.db.query('INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2)', [
      blocker.id,
      viewer.id,
    ]);

    const list = await nearby(viewer.token, FADA, { radius: 50 });
    expect(list.map((u) => u.id)).toEqual([close.id, mid.id, far.id]);
    for (const hidden of [viewer, outside, incomplete, suspended, blocker]) {
      expect(list.map((u) => u.id)).not.toContain(hidden.id);
    }
    const first = list[0];
    expect(Object.keys(first ?? {}).sort()).toEqual([
      'age',
      'distance',
      'id',
      'locality',
      'name',
      'photo',
      'photo_lite',
      'photo_thumb',
      'position',
      'verified',
    ]);
    expect(first?.age).toBe(52);
    // Distances are measured to the marker (4 km ± the fuzz), in whole km.
    expect(first?.distance).toBe(displayDistanceKm(haversineKm(FADA, first?.position ?? FADA)));
    expect(first?.distance).toBeGreaterThanOrEqual(3);
    expect(first?.distance).toBeLessThanOrEqual(5);
    expect(first?.photo).toMatch(/-card\.webp$/);
    expect(first?.photo_thumb).toMatch(/-thumb\.webp$/);
    expect(first?.photo_lite).toMatch(/-lite\.webp$/);
    // No private field; each position is checked below to be the marker, not the stored point
    // (a marker may happen to have two decimals: its distance from the stored point tells).
    expect(JSON.stringify(list)).not.toMatch(/email|device|birth/);
    for (const u of list) {
      const stored = await storedOf(u.id);
      const metres = haversineKm(u.position, stored ?? FADA) * 1000;
      expect(metres).toBeGreaterThan(FUZZ_MIN_M - 10);
      expect(metres).toBeLessThan(FUZZ_MAX_M + 10);
      expect(u.distance !== null && Number.isInteger(u.distance) && u.distance >= 1).toBe(true);
    }

    expect((await nearby(viewer.token, FADA, { radius: 20 })).map((u) => u.id)).toEqual([
      close.id,
      mid.id,
    ]);
    expect((await nearby(viewer.token, FADA, { radius: 100 })).map((u) => u.id)).toEqual([
      close.id,
      mid.id,
      far.id,
      outside.id,
    ]);
    const ages = await nearby(viewer.token, FADA, { radius: 100, min_age: 26, max_age: 40 });
    expect(ages.map((u) => u.id)).toEqual([mid.id, outside.id]);
    // Asking again gives the very same markers: nothing to average.
    const again = await nearby(viewer.token, FADA, { radius: 50 });
    expect(again.map((u) => u.position)).toEqual(list.map((u) => u.position));
  });

  it("puts the marker 300 to 800 m from the stored point, drawn from the database's keyed hash", async () => {
    const m = await member({ lat: 12.06, lng: 0.41 });
    const [row] = await t.db.query<{ u0: number; u4: number; lat: number; lng: number }>(
      `SELECT geo_unit(geo_fuzz_hash(id, lat, lng), 0) AS u0, geo_unit(geo_fuzz_hash(id, lat, lng), 4) AS u4,
              fuzz_pos[1] AS lat, fuzz_pos[0] AS lng FROM users WHERE id = $1`,
      [m.id],
    );
    // The rule restated: bearing 2π·u0 (0 north), distance 300 + 500·u4 m.
    const expected = destinationPoint(
      { lat: 12.06, lng: 0.41 },
      2 * Math.PI * (row?.u0 ?? -1),
      (FUZZ_MIN_M + (FUZZ_MAX_M - FUZZ_MIN_M) * (row?.u4 ?? -1)) / 1000,
    );
    expect(row?.lat).toBeCloseTo(expected.lat, 9);
    expect(row?.lng).toBeCloseTo(expected.lng, 9);
    // Moving to another cell draws an unrelated offset.
    await t.db.query('UPDATE users SET lat = 12.07 WHERE id = $1', [m.id]);
    const [moved] = await t.db.query<{ u0: number }>(
      'SELECT geo_unit(geo_fuzz_hash(id, lat, lng), 0) AS u0 FROM users WHERE id = $1',
      [m.id],
    );
    expect(moved?.u0).not.toBe(row?.u0);
  });

  it('refuses without a token and validates radius, ages and coordinates', async () => {
    expect((await post('/location/nearby', { latitude: 12, longitude: 0 })).statusCode).toBe(401);
    const m = await member(null);
    const cases: [object, string][] = [
      [{ radius: 0 }, 'La distance doit être comprise entre 1 et 100 km'],
      [{ radius: 101 }, 'La distance doit être comprise entre 1 et 100 km'],
      [{ min_age: 40, max_age: 30 }, "L'âge minimum doit être inférieur ou égal à l'âge maximum"],
      [{ latitude: 'nord' }, 'Latitude invalide'],
    ];
    for (const [bad, message] of cases) {
      const res = await post('/location/nearby', {
        token: m.token,
        latitude: 12,
        longitude: 0,
        ...bad,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });
});

describe('nearest-first search at volume', () => {
  const BOBO = { lat: 11.18, lng: -4.3 };
  let viewer: { id: number; token: string };

  beforeAll(async () => {
    await t.db.query('SELECT setseed(0.42)');
    await t.db.query(
      `INSERT INTO users (email, name, gender, birth_date, lat, lng, profile_completed_at, last_seen_at)
       SELECT 'bulk' || g || '@test.bf', 'Membre ' || g, CASE WHEN g % 2 = 0 THEN 'femme' ELSE 'homme' END,
              date '1970-01-01' + (g % 12000), round((11.18 + (random() - 0.5) * 0.6)::numeric, 2),
              round((-4.30 + (random() - 0.5) * 0.6)::numeric, 2), now(), now() - (g % 40) * interval '1 day'
         FROM generate_series(1, 5000) g`,
    );
    await t.db.query('ANALYZE users');
    viewer = await member(BOBO);
  });

  it('answers the same members, in the same order, as a full scan sorted by haversine', async () => {
    const list = await nearby(viewer.token, BOBO, { radius: 20 });
    const all = await t.db.query<{ id: number; lat: number; lng: number }>(
      `SELECT id, fuzz_pos[1] AS lat, fuzz_pos[0] AS lng FROM users
        WHERE fuzz_pos IS NOT NULL AND profile_completed_at IS NOT NULL AND blocked_at IS NULL AND id <> $1`,
      [viewer.id],
    );
    const expected = all
      .map((r) => ({ id: r.id, d: haversineKm(BOBO, r) }))
      .filter((r) => r.d <= 20)
      .sort((a, b) => a.d - b.d || a.id - b.id)
      .slice(0, NEAR_MAX_RESULTS);
    expect(list).toHaveLength(NEAR_MAX_RESULTS);
    expect(list.map((u) => u.id)).toEqual(expected.map((r) => r.id));
  });

  it('is a K-nearest-neighbour scan of the GiST index with LIMIT, for nearby and for swipes', async () => {
    const q = { latitude: BOBO.lat, longitude: BOBO.lng, radius: 50, min_age: 18, max_age: 99 };
    const plan = await explainNearby(
      t.app.deps.db,
      nearbySearch(t.app.deps.db, viewer.id, q, new Date()).search,
    );
    expect(plan).toMatch(/^Limit/);
    expect(plan).toMatch(/Index Scan using users_geo_knn_idx on users/);
    expect(plan).toMatch(/Index Cond: \(geo_km <@ '<\(/);
    expect(plan).toMatch(/Order By: \(geo_km <-> '\(/);
    expect(plan).not.toMatch(/Seq Scan on users|Sort/);
    const aged = await explainNearby(
      t.app.deps.db,
      nearbySearch(t.app.deps.db, viewer.id, { ...q, min_age: 25, max_age: 30 }, new Date()).search,
    );
    expect(aged).toMatch(/Index Scan using users_geo_knn_idx/);
    const swipes = await explainNearestCandidates(
      t.app.deps.db,
      { viewerId: viewer.id, excludeIds: [1, 2], limit: 40 },
      [{ is: 'femme' }, { isNot: 'femme' }],
      planeKm(BOBO),
    );
    expect(swipes.match(/Index Scan using users_geo_knn_idx on users/g)).toHaveLength(2);
    expect(swipes).toMatch(/Order By: \(geo_km <-> '\(/);
    expect(swipes).not.toMatch(/Seq Scan on users/);
  });
});

describe('trilateration', () => {
  // Ouahigouya. The member stands exactly on a stored grid point: the best case for an attacker.
  const HOME = { lat: 13.58, lng: -2.42 };

  /**
   * The attacker's best estimate: every point (on a 20 m grid) whose whole-km distances to the
   * attacker's positions match the answers best; their centroid.
   */
  function trilaterate(observations: { at: TLatLng; km: number }[]): TLatLng {
    let best = Number.POSITIVE_INFINITY;
    let points: TLatLng[] = [];
    for (let x = -1500; x <= 1500; x += 20) {
      for (let y = -1500; y <= 1500; y += 20) {
        const p = destinationPoint(destinationPoint(HOME, 0, y / 1000), Math.PI / 2, x / 1000);
        let error = 0;
        for (const o of observations) {
          // An answer of k km means a distance in [k - 0.5, k + 0.5), or below 1.5 for "1 km".
          const d = haversineKm(o.at, p);
          const off = Math.max(0, (o.km === 1 ? 0 : o.km - 0.5) - d, d - (o.km + 0.5));
          error += off * off;
          if (error > best) break;
        }
        if (error < best - 1e-12) {
          best = error;
          points = [p];
        } else if (Math.abs(error - best) <= 1e-12) points.push(p);
      }
    }
    const n = points.length;
    return {
      lat: points.reduce((s, p) => s + p.lat, 0) / n,
      lng: points.reduce((s, p) => s + p.lng, 0) / n,
    };
  }

  it('an attacker moving step by step only finds the public marker, never the member', async () => {
    const target = await member(null, 28);
    expect(
      (
        await post('/location/update', {
          token: target.token,
          latitude: HOME.lat,
          longitude: HOME.lng,
        })
      ).statusCode,
    ).toBe(200);
    // 81 positions on the 1 km grid around the member, shared by three accounts to stay under
    // each account's rate limits (the limits slow one account; the fuzz defeats many).
    const attackers = [await member(null), await member(null), await member(null)];
    const observations: { at: TLatLng; km: number }[] = [];
    const markers = new Set<string>();
    let step = 0;
    for (let i = -4; i <= 4; i++) {
      for (let j = -4; j <= 4; j++) {
        const attacker = attackers[step++ % attackers.length];
        if (!attacker) throw new Error('no attacker');
        const at = { lat: HOME.lat + i / 100, lng: HOME.lng + j / 100 };
        const moved = await post('/location/update', {
          token: attacker.token,
          latitude: at.lat,
          longitude: at.lng,
        });
        expect(moved.statusCode).toBe(200);
        const seen = (await nearby(attacker.token, at, { radius: 10 })).find(
          (u) => u.id === target.id,
        );
        if (!seen) throw new Error('target not returned');
        if (seen.distance === null) throw new Error('distance hidden');
        observations.push({ at, km: seen.distance });
        markers.add(`${seen.position.lat},${seen.position.lng}`);
      }
    }
    expect(markers.size).toBe(1);
    const [markerText] = [...markers];
    const [mLat, mLng] = (markerText ?? '').split(',').map(Number);
    const marker = { lat: mLat ?? 0, lng: mLng ?? 0 };
    // Every answer is the distance to the marker (4-decimal rounding aside), not to the member.
    for (const o of observations) {
      expect(Math.abs(Math.max(0.5, haversineKm(o.at, marker)) - o.km)).toBeLessThanOrEqual(0.51);
    }
    expect(observations.every((o) => displayDistanceKm(haversineKm(o.at, HOME)) === o.km)).toBe(
      false,
    );

    const estimate = trilaterate(observations);
    const offMember = haversineKm(estimate, HOME);
    const offMarker = haversineKm(estimate, marker);
    expect(haversineKm(marker, HOME) * 1000).toBeGreaterThanOrEqual(FUZZ_MIN_M - 10);
    expect(offMarker).toBeLessThan(offMember);
    // The fuzz is 300–800 m; the attacker's residual on the marker is about 50 m (at most
    // ~160 m in simulation), so the member stays hundreds of metres away from the estimate.
    expect(offMember).toBeGreaterThanOrEqual(0.25);
  });
});
