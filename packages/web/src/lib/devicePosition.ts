/**
 * The phone's position with the spec's time-out and cache age (swipes: 3 s / 30 s; map:
 * 10 s / 60 s), or null when it is refused, unavailable or late. The time-out is our own timer
 * too: a browser waiting on the permission prompt does not count it.
 */
import type { TLatLng } from '@app/shared';

export function devicePosition(timeoutMs: number, maxAgeMs: number): Promise<TLatLng | null> {
  const geo = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
  if (!geo) return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = window.setTimeout(() => resolve(null), timeoutMs);
    const finish = (p: TLatLng | null) => {
      window.clearTimeout(timer);
      resolve(p);
    };
    geo.getCurrentPosition(
      (pos) => finish({ lat: pos.coords.latitude, lng: pos.coords.longitude }),
      () => finish(null),
      { enableHighAccuracy: false, timeout: timeoutMs, maximumAge: maxAgeMs },
    );
  });
}
