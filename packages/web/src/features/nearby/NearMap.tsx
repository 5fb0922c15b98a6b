/**
 * The Leaflet map of /near, in its own lazy chunk with Leaflet's CSS: own marker, and the nearby
 * members grouped into counted clusters for the view (see clusters.ts) — a tap on a cluster
 * zooms in until it splits, a tap on a member's photo opens their sheet. Zoom is driven by the
 * page's controls and clamped 1–20. Tiles come from TILE_URL; when they fail the page is told,
 * and the markers stay usable on the plain background.
 */
import { useEffect, useMemo, useRef } from 'react';
import * as L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import {
  NEAR_MAX_ZOOM,
  NEAR_MIN_ZOOM,
  NEAR_MSG,
  type TLatLng,
  type TNearbyUser,
} from '@app/shared';
import { clusterMembers, type MapBounds, type MapMarker } from './clusters';
import { TILE_ATTRIBUTION, TILE_FAILURES_BEFORE_PANEL, TILE_URL } from './filters';
import { leafletMarkerOf, meMarker } from './mapMarkers';

/** Markers are drawn half a screen beyond each edge, so a short pan shows no empty border. */
const DRAWN_BEYOND_VIEW = 0.5;

export interface NearMapProps {
  center: TLatLng;
  users: readonly TNearbyUser[];
  zoom: number;
  /** Changes when the member asks to recentre. */
  recentreSignal: number;
  onZoom: (zoom: number) => void;
  onSelect: (user: TNearbyUser) => void;
  onTilesFailed: () => void;
}

export default function NearMap(props: NearMapProps) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const markers = useRef<L.LayerGroup | null>(null);
  const me = useRef<L.Marker | null>(null);
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });

  useEffect(() => {
    if (!box.current) return;
    const { center, zoom } = latest.current;
    const m = L.map(box.current, {
      zoomControl: false,
      minZoom: NEAR_MIN_ZOOM,
      maxZoom: NEAR_MAX_ZOOM,
    });
    m.setView([center.lat, center.lng], zoom);
    let loaded = 0;
    let failed = 0;
    L.tileLayer(TILE_URL, {
      attribution: TILE_ATTRIBUTION,
      maxNativeZoom: 19,
      maxZoom: NEAR_MAX_ZOOM,
    })
      .on('tileload', () => (loaded += 1))
      .on('tileerror', () => {
        failed += 1;
        if (loaded === 0 && failed === TILE_FAILURES_BEFORE_PANEL) latest.current.onTilesFailed();
      })
      .addTo(m);
    m.on('zoomend', () => latest.current.onZoom(m.getZoom()));
    markers.current = L.layerGroup().addTo(m);
    me.current = meMarker([center.lat, center.lng]).addTo(m);
    map.current = m;
    return () => {
      m.remove();
      map.current = null;
    };
  }, []);

  const { users, zoom, center, recentreSignal } = props;
  const clusters = useMemo(() => clusterMembers(users), [users]);
  useEffect(() => {
    const m = map.current;
    const group = markers.current;
    if (!m || !group) return;
    const handleTap = (marker: MapMarker) => {
      if (marker.kind === 'member') latest.current.onSelect(marker.user);
      else m.setView([marker.lat, marker.lng], marker.splitZoom);
    };
    // Redrawn after every move and zoom: which members merge depends on both.
    const draw = () => {
      group.clearLayers();
      const view = m.getBounds().pad(DRAWN_BEYOND_VIEW);
      const bounds: MapBounds = [view.getWest(), view.getSouth(), view.getEast(), view.getNorth()];
      for (const marker of clusters.markersIn(bounds, m.getZoom())) {
        leafletMarkerOf(marker, handleTap).addTo(group);
      }
    };
    draw();
    m.on('moveend', draw);
    return () => {
      m.off('moveend', draw);
    };
  }, [clusters]);

  useEffect(() => {
    if (map.current && map.current.getZoom() !== zoom) map.current.setZoom(zoom);
  }, [zoom]);

  useEffect(() => {
    me.current?.setLatLng([center.lat, center.lng]);
    map.current?.setView([center.lat, center.lng], latest.current.zoom);
  }, [center.lat, center.lng, recentreSignal]);

  return <div ref={box} className="near-map" role="application" aria-label={NEAR_MSG.title} />;
}
