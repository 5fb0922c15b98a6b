/**
 * The Leaflet markers of /near, for the map's lazy chunk only: the own position, a member's
 * round photo (no name on the map: it is on the sheet the marker opens) and a cluster's counted
 * badge. Each names itself for screen readers through aria-label rather than a title, so no
 * tooltip puts a name back on the map.
 */
import * as L from 'leaflet';
import { NEAR_MSG, type TNearbyUser } from '@app/shared';
import type { MapMarker } from './clusters';
import { ageLabel } from './labels';
import { avifTwin } from '../../ui/Photo';

const PIN_PX = 50;
const CLUSTER_PX = 48;

export const meMarker = (at: L.LatLngExpression) =>
  L.marker(at, {
    icon: L.divIcon({
      className: 'near-me',
      html: '<span></span>',
      iconSize: [20, 20],
      iconAnchor: [10, 10],
    }),
    title: NEAR_MSG.me,
    keyboard: false,
    // Under the members' markers, and taps go through it: a cluster is often centred on it.
    interactive: false,
    zIndexOffset: -1000,
  });

/** Built with DOM calls, never HTML strings: photo addresses come from the server. */
function photoOf(user: TNearbyUser): HTMLElement {
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
    const twin = avifTwin(photo);
    if (twin) {
      // As ui/Photo does: the AVIF twin where the browser shows AVIF, the WebP if it fails.
      const picture = document.createElement('picture');
      picture.className = 'photo-twins';
      const source = document.createElement('source');
      source.type = 'image/avif';
      source.srcset = twin;
      img.onerror = () => img.currentSrc.endsWith(twin) && source.remove();
      picture.append(source, img);
      pin.append(picture);
    } else {
      pin.append(img);
    }
  } else {
    pin.classList.add('near-pin-none');
    pin.append(silhouette());
  }
  return pin;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** A head and shoulders in the current colour, for a member without a photo. */
function silhouette(): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('width', '24');
  svg.setAttribute('height', '24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('fill', 'currentColor');
  const head = document.createElementNS(SVG_NS, 'circle');
  head.setAttribute('cx', '12');
  head.setAttribute('cy', '8');
  head.setAttribute('r', '4.5');
  const body = document.createElementNS(SVG_NS, 'path');
  body.setAttribute('d', 'M3.5 21a8.5 8.5 0 0 1 17 0z');
  svg.append(head, body);
  return svg;
}

function badgeOf(count: number): HTMLElement {
  const badge = document.createElement('span');
  badge.className = 'near-cluster';
  badge.textContent = String(count);
  return badge;
}

const centred = (html: HTMLElement, className: string, px: number) =>
  L.divIcon({ className, html, iconSize: [px, px], iconAnchor: [px / 2, px / 2] });

/** A marker for what the clusters returned; `onTap` gets that same thing back. */
export function leafletMarkerOf(marker: MapMarker, onTap: (m: MapMarker) => void): L.Marker {
  const isMember = marker.kind === 'member';
  const at = isMember ? marker.user.position : marker;
  const icon = isMember
    ? centred(photoOf(marker.user), 'near-pin-wrap', PIN_PX)
    : centred(badgeOf(marker.count), 'near-cluster-wrap', CLUSTER_PX);
  const label = isMember ? ageLabel(marker.user) : NEAR_MSG.cluster(marker.count);
  const leaflet = L.marker([at.lat, at.lng], { icon }).on('click', () => onTap(marker));
  leaflet.on('add', () => leaflet.getElement()?.setAttribute('aria-label', label));
  return leaflet;
}
