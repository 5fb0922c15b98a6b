/**
 * The home feed's first request, known before its screen has loaded: the member's position when
 * the browser already allows it (rounded to about 1 km, never asking for the permission: the map
 * does), else none after 3 s; and the feed call's input for a page. The boot (boot.ts) starts
 * both for a returning member on /home, and the home screen takes what it started.
 */
import { FEED_PER_PAGE, roundPosition, type TLatLng, type TSeeking } from '@app/shared';
import { devicePosition } from '../devicePosition';

const WAIT_MS = 3_000;
const MAX_AGE_MS = 10 * 60_000;

async function allowedPosition(): Promise<TLatLng | null> {
  if (typeof navigator === 'undefined' || !navigator.geolocation || !navigator.permissions) {
    return null;
  }
  try {
    const status = await navigator.permissions.query({ name: 'geolocation' });
    if (status.state !== 'granted') return null;
  } catch {
    return null;
  }
  const p = await devicePosition(WAIT_MS, MAX_AGE_MS);
  return p && roundPosition(p);
}

/** The position for the feed, or null; at most 3 s (the permission check included). */
function readFeedPosition(): Promise<TLatLng | null> {
  return Promise.race([
    allowedPosition(),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), WAIT_MS)),
  ]);
}

let started: Promise<TLatLng | null> | null = null;

/** Starts reading the position now (the boot), for the next takeFeedPosition. */
export function startFeedPosition(): Promise<TLatLng | null> {
  started ??= readFeedPosition();
  return started;
}

/** The position the boot started, else a fresh reading; each start serves once. */
export function takeFeedPosition(): Promise<TLatLng | null> {
  const p = started ?? readFeedPosition();
  started = null;
  return p;
}

/** The feed call's input: 5 a page, nearest first with a position, filtered by whom to meet. */
export function feedInput(page: number, position: TLatLng | null, seeking: TSeeking) {
  return {
    page,
    per_page: FEED_PER_PAGE,
    ...(position ? { user_lat: position.lat, user_lng: position.lng } : {}),
    ...(seeking ? { seeking } : {}),
  };
}
