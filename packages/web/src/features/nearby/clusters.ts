/**
 * What the /near map draws for a view: the members' fuzzed markers grouped into counted clusters
 * (supercluster) so that fifty photos over one town do not pile on each other. A cluster carries
 * the zoom at which it splits; at the deepest zoom every member stands alone. Pure: no Leaflet,
 * no DOM, so the map only places what this returns.
 */
import Supercluster from 'supercluster';
import { NEAR_MAX_ZOOM, type TNearbyUser } from '@app/shared';

/** Markers nearer than this on screen merge: a photo marker is 50 px wide. */
const CLUSTER_RADIUS_PX = 56;

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

export function clusterMembers(users: readonly TNearbyUser[]): MemberClusters {
  const index = new Supercluster<{ user: TNearbyUser }>({
    radius: CLUSTER_RADIUS_PX,
    // Leaflet's tiles are 256 px wide: with this extent the radius counts screen pixels.
    extent: 256,
    // Clusters stop one level before the deepest zoom, where everyone is drawn alone.
    maxZoom: NEAR_MAX_ZOOM - 1,
  });
  index.load(
    users.map((user) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [user.position.lng, user.position.lat] },
      properties: { user },
    })),
  );

  const markersIn = (bounds: MapBounds, zoom: number): MapMarker[] =>
    index.getClusters([...bounds], zoom).map((feature): MapMarker => {
      const props = feature.properties;
      if (!('cluster_id' in props)) return { kind: 'member', user: props.user };
      const [lng = 0, lat = 0] = feature.geometry.coordinates;
      return {
        kind: 'cluster',
        id: props.cluster_id,
        count: props.point_count,
        lat,
        lng,
        splitZoom: Math.min(index.getClusterExpansionZoom(props.cluster_id), NEAR_MAX_ZOOM),
      };
    });

  return { markersIn };
}
