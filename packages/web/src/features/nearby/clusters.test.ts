import { describe, expect, it } from 'vitest';
import { NEAR_MAX_ZOOM, type TNearbyUser } from '@app/shared';
import { clusterMembers, type MapBounds, type MapMarker } from './clusters';

const WORLD: MapBounds = [-180, -85, 180, 85];
const OUAGA = { lat: 12.3714, lng: -1.5197 };
const BOBO = { lat: 11.1771, lng: -4.2979 };

let nextId = 1;
function member(at: { lat: number; lng: number }): TNearbyUser {
  const id = nextId++;
  return {
    id,
    name: `Membre ${id}`,
    age: 25,
    verified: false,
    photo: null,
    photo_thumb: null,
    photo_lite: null,
    position: at,
    distance: 1,
    locality: null,
  };
}

/** `count` members spread over about 600 m around `at`, as fuzzed markers of one town are. */
const crowd = (at: typeof OUAGA, count: number) =>
  Array.from({ length: count }, (_, i) =>
    member({
      lat: at.lat + 0.005 * Math.cos((2 * Math.PI * i) / count),
      lng: at.lng + 0.005 * Math.sin((2 * Math.PI * i) / count),
    }),
  );

const membersShown = (markers: MapMarker[]) =>
  markers.reduce((sum, m) => sum + (m.kind === 'cluster' ? m.count : 1), 0);
const clustersOf = (markers: MapMarker[]) => markers.filter((m) => m.kind === 'cluster');
const singlesOf = (markers: MapMarker[]) =>
  markers.flatMap((m) => (m.kind === 'member' ? [m.user.id] : []));

describe('map clusters', () => {
  it('accounts for every member exactly once at every zoom', () => {
    const users = [...crowd(OUAGA, 50), member(BOBO)];
    const clusters = clusterMembers(users);
    for (let zoom = 1; zoom <= 20; zoom++) {
      const markers = clusters.markersIn(WORLD, zoom);
      expect(membersShown(markers)).toBe(users.length);
      expect(clustersOf(markers).every((c) => c.kind === 'cluster' && c.count >= 2)).toBe(true);
    }
  });

  it('groups the members of one town into a counted cluster that splits as the map zooms in', () => {
    const users = crowd(OUAGA, 12);
    const clusters = clusterMembers(users);
    const [whole, ...others] = clusters.markersIn(WORLD, 12);
    expect(others).toEqual([]);
    if (whole?.kind !== 'cluster') throw new Error('one cluster expected at zoom 12');
    expect(whole.count).toBe(12);
    expect(whole.lat).toBeCloseTo(OUAGA.lat, 2);
    expect(whole.lng).toBeCloseTo(OUAGA.lng, 2);
    expect(whole.splitZoom).toBeGreaterThan(12);

    const split = clusters.markersIn(WORLD, whole.splitZoom);
    expect(split.length).toBeGreaterThan(1);
    expect(membersShown(split)).toBe(12);
    // At the deepest zoom everyone stands alone.
    expect(singlesOf(clusters.markersIn(WORLD, 20)).sort((a, b) => a - b)).toEqual(
      users.map((u) => u.id),
    );
  });

  it('never leaves two markers of one zoom closer than a marker: each can be tapped', () => {
    // Rings of members around one town at several spreads and counts, the shapes where one
    // greedy pass leaves a group beside a merged one whose centre moved towards it.
    const users = [
      ...crowd(OUAGA, 6),
      ...crowd({ lat: OUAGA.lat + 0.011, lng: OUAGA.lng + 0.004 }, 5),
      ...crowd({ lat: OUAGA.lat - 0.009, lng: OUAGA.lng + 0.012 }, 3),
      ...Array.from({ length: 24 }, (_, i) =>
        member({
          lat: OUAGA.lat + 0.0004 * i * Math.cos(i * 2.4),
          lng: OUAGA.lng + 0.0004 * i * Math.sin(i * 2.4),
        }),
      ),
    ];
    const clusters = clusterMembers(users);
    const pixels = (lat: number, lng: number, zoom: number) => {
      const scale = 256 * 2 ** zoom;
      const sin = Math.sin((lat * Math.PI) / 180);
      return {
        x: ((lng + 180) / 360) * scale,
        y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale,
      };
    };
    // Below the deepest zoom (where members on one point must stand alone together).
    for (let zoom = 3; zoom < NEAR_MAX_ZOOM; zoom++) {
      const placed = clusters
        .markersIn(WORLD, zoom)
        .map((m) =>
          m.kind === 'cluster'
            ? pixels(m.lat, m.lng, zoom)
            : pixels(m.user.position.lat, m.user.position.lng, zoom),
        );
      for (const [i, a] of placed.entries()) {
        for (const b of placed.slice(i + 1)) {
          expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThan(56);
        }
      }
      expect(membersShown(clusters.markersIn(WORLD, zoom))).toBe(users.length);
    }
  });

  it('never asks to zoom past the deepest level, even for members on one point', () => {
    const twins = [member(OUAGA), member(OUAGA)];
    const [both] = clusterMembers(twins).markersIn(WORLD, 19);
    expect(both).toMatchObject({ kind: 'cluster', count: 2, splitZoom: 20 });
  });

  it('keeps members far apart single, each with its own data', () => {
    const ouaga = member(OUAGA);
    const bobo = member(BOBO);
    const markers = clusterMembers([ouaga, bobo]).markersIn(WORLD, 9);
    expect(markers).toHaveLength(2);
    expect(markers).toContainEqual({ kind: 'member', user: ouaga });
    expect(markers).toContainEqual({ kind: 'member', user: bobo });
    // From far out they merge, and the count says how many.
    expect(clusterMembers([ouaga, bobo]).markersIn(WORLD, 3)).toMatchObject([
      { kind: 'cluster', count: 2 },
    ]);
  });

  it('returns only what lies in the view', () => {
    const markers = clusterMembers([member(OUAGA), member(BOBO)]).markersIn(
      [OUAGA.lng - 0.1, OUAGA.lat - 0.1, OUAGA.lng + 0.1, OUAGA.lat + 0.1],
      12,
    );
    expect(markers).toHaveLength(1);
    expect(markers[0]).toMatchObject({ kind: 'member', user: { position: OUAGA } });
  });
});
