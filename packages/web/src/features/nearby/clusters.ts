/**
 * What the /near map draws for a view: the members' fuzzed markers grouped into counted clusters
 * so that fifty photos over one town do not pile on each other. A cluster carries the zoom at
 * which it splits; at the deepest zoom every member stands alone. Pure: no Leaflet, no DOM, so
 * the map only places what this returns.
 *
 * The grouping is built once per list, level by level from the deepest zoom up: at each zoom,
 * the groups of the level below that lie within the marker radius of one another (on screen, in
 * Web Mercator pixels, as Leaflet draws them) merge, the first in the list gathering its
 * neighbours, until no two groups of the level are that close. A cluster is therefore always made of the clusters of the next zoom, and zooming
 * in splits it rather than reshuffling the map. A page of nearby members is a few hundred at
 * most, so the pairwise pass costs little; this replaces a 4 KB library on the map's first load.
 */
import { NEAR_MAX_ZOOM, type TNearbyUser } from '@app/shared';

/** Markers nearer than this on screen merge: a photo marker is 50 px wide. */
const CLUSTER_RADIUS_PX = 56;
/** Leaflet's tiles are 256 px wide: the world's width at zoom 0. */
const TILE_PX = 256;

/** West, south, east, north, in degrees, as Leaflet's bounds give them. */
export type MapBounds = readonly [west: number, south: number, east: number, north: number];

export type MapMarker =
  | { kind: 'member'; user: TNearbyUser }
  | {
      kind: 'cluster';
      id: number;
      count: number;
      lat: number;
      lng: number;
      /** The zoom that splits it, never past the map's deepest. */
      splitZoom: number;
    };

/** Clusters of one list of members, asked for any view. */
export interface MemberClusters {
  markersIn: (bounds: MapBounds, zoom: number) => MapMarker[];
}

interface Group {
  id: number;
  /** Position at zoom 0, in pixels (Web Mercator), averaged over the members. */
  x: number;
  y: number;
  count: number;
  /** The member, for a group of one. */
  user: TNearbyUser | null;
  /** The groups of the next zoom it is made of (none at the deepest). */
  parts: Group[];
}

const toX = (lng: number) => ((lng + 180) / 360) * TILE_PX;
const toY = (lat: number) => {
  const sin = Math.sin((Math.max(-85, Math.min(85, lat)) * Math.PI) / 180);
  return (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * TILE_PX;
};
const toLng = (x: number) => (x / TILE_PX) * 360 - 180;
const toLat = (y: number) =>
  (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / TILE_PX))) * 180) / Math.PI;

/** The group of `parts` (groups of one level), placed at their members' mean position. */
function groupOf(parts: readonly Group[], nextId: () => number): Group {
  const count = parts.reduce((n, g) => n + g.count, 0);
  return {
    id: nextId(),
    x: parts.reduce((s, g) => s + g.x * g.count, 0) / count,
    y: parts.reduce((s, g) => s + g.y * g.count, 0) / count,
    count,
    user: null,
    parts: parts.flatMap((g) => g.parts),
  };
}

/**
 * One level up: groups closer than the radius at `zoom` merge into the first of them, and again
 * until no two are that close. A merged group's centre moves, and a single greedy pass can leave
 * another group within the radius of it: two badges overlapping, the one underneath impossible
 * to tap. Every group keeps, as its parts, groups of the level below.
 */
function mergeAt(groups: readonly Group[], zoom: number, nextId: () => number): Group[] {
  const radius = CLUSTER_RADIUS_PX / 2 ** zoom;
  let current: Group[] = groups.map((g) => ({ ...g, parts: [g] }));
  for (;;) {
    const taken = new Set<Group>();
    const merged: Group[] = [];
    for (const seed of current) {
      if (taken.has(seed)) continue;
      const near = current.filter(
        (g) => !taken.has(g) && Math.hypot(g.x - seed.x, g.y - seed.y) <= radius,
      );
      near.forEach((g) => taken.add(g));
      merged.push(near.length === 1 ? seed : groupOf(near, nextId));
    }
    if (merged.length === current.length) return merged;
    current = merged;
  }
}

/** The first zoom, below the deepest, at which a group of `zoom` shows as more than one marker. */
function splitZoomOf(group: Group, zoom: number): number {
  let g = group;
  let z = zoom;
  while (g.parts.length === 1 && z < NEAR_MAX_ZOOM - 1) {
    g = g.parts[0] as Group;
    z++;
  }
  return Math.min(z + 1, NEAR_MAX_ZOOM);
}

export function clusterMembers(users: readonly TNearbyUser[]): MemberClusters {
  let ids = 0;
  const nextId = () => ++ids;
  // levels[z]: the groups shown at zoom z; at the deepest, every member alone.
  const levels: Group[][] = [];
  levels[NEAR_MAX_ZOOM] = users.map((user) => ({
    id: nextId(),
    x: toX(user.position.lng),
    y: toY(user.position.lat),
    count: 1,
    user,
    parts: [],
  }));
  for (let z = NEAR_MAX_ZOOM - 1; z >= 0; z--) {
    levels[z] = mergeAt(levels[z + 1] ?? [], z, nextId);
  }

  const markersIn = ([west, south, east, north]: MapBounds, zoom: number): MapMarker[] => {
    const z = Math.max(0, Math.min(NEAR_MAX_ZOOM, Math.round(zoom)));
    const markers: MapMarker[] = [];
    for (const g of levels[z] ?? []) {
      const lat = toLat(g.y);
      const lng = toLng(g.x);
      if (lat < south || lat > north || lng < west || lng > east) continue;
      if (g.count === 1 && g.user) {
        markers.push({ kind: 'member', user: g.user });
        continue;
      }
      markers.push({
        kind: 'cluster',
        id: g.id,
        count: g.count,
        lat,
        lng,
        splitZoom: splitZoomOf(g, z),
      });
    }
    return markers;
  };

  return { markersIn };
}
