/**
 * The Leaflet map of /near, in its own lazy chunk with Leaflet's CSS: own marker, one photo
 * marker per nearby member (photo, name, age), zoom driven by the page's controls and clamped
 * 1–20. Tiles come from TILE_URL; when they fail the page is told, and the markers stay usable
 * on the plain background.
 */
import { useEffect, useRef } from 'react';
import * as L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import {
  NEAR_MAX_ZOOM,
  NEAR_MIN_ZOOM,
  NEAR_MSG,
  type TLatLng,
  type TNearbyUser,
} from '@app/shared';
import { TILE_ATTRIBUTION, TILE_FAILURES_BEFORE_PANEL, TILE_URL } from './filters';
import { ageLabel } from './labels';

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

/** Built with DOM calls, never HTML strings: names come from members. */
function pinOf(user: TNearbyUser): HTMLElement {
  const pin = document.createElement('span');
  pin.className = 'near-pin';
  const photo = user.photo_thumb ?? user.photo;
  if (photo) {
    const img = document.createElement('img');
    img.src = photo;
    img.alt = '';
    img.width = 44;
    img.height = 44;
    img.decoding = 'async';
    pin.append(img);
  }
  const label = document.createElement('span');
  label.className = 'near-pin-label';
  label.textContent = ageLabel(user);
  pin.append(label);
  return pin;
}

const meIcon = () =>
  L.divIcon({
    className: 'near-me',
    html: '<span></span>',
    iconSize: [20, 20],
    iconAnchor: [10, 10],
  });

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
    me.current = L.marker([center.lat, center.lng], {
      icon: meIcon(),
      title: NEAR_MSG.me,
      keyboard: false,
    }).addTo(m);
    map.current = m;
    return () => {
      m.remove();
      map.current = null;
    };
  }, []);

  const { users, zoom, center, recentreSignal } = props;
  useEffect(() => {
    const group = markers.current;
    if (!group) return;
    group.clearLayers();
    for (const user of users) {
      L.marker([user.position.lat, user.position.lng], {
        icon: L.divIcon({
          className: 'near-pin-wrap',
          html: pinOf(user),
          iconSize: [64, 70],
          iconAnchor: [32, 66],
        }),
        title: ageLabel(user),
        alt: ageLabel(user),
      })
        .on('click', () => latest.current.onSelect(user))
        .addTo(group);
    }
  }, [users]);

  useEffect(() => {
    if (map.current && map.current.getZoom() !== zoom) map.current.setZoom(zoom);
  }, [zoom]);

  useEffect(() => {
    me.current?.setLatLng([center.lat, center.lng]);
    map.current?.setView([center.lat, center.lng], latest.current.zoom);
  }, [center.lat, center.lng, recentreSignal]);

  return <div ref={box} className="near-map" role="application" aria-label={NEAR_MSG.title} />;
}
