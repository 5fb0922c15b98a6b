/**
 * The member's position for a nearest-first feed, only when the browser already allows it:
 * the feed never asks for the permission itself (the map does). Rounded to about 1 km before
 * it leaves the phone. Without it, or after 3 s, the feed is simply newest first.
 */
import { useEffect, useState } from 'react';
import { roundPosition, type TLatLng } from '@app/shared';

const WAIT_MS = 3_000;
const MAX_AGE_MS = 10 * 60_000;

export function useFeedPosition(): { position: TLatLng | null; ready: boolean } {
  const [state, setState] = useState<{ position: TLatLng | null; ready: boolean }>({
    position: null,
    ready: false,
  });
  useEffect(() => {
    let done = false;
    const finish = (position: TLatLng | null) => {
      if (done) return;
      done = true;
      setState({ position, ready: true });
    };
    const timer = window.setTimeout(() => finish(null), WAIT_MS);
    const geo = navigator.geolocation;
    if (!geo || !navigator.permissions) {
      finish(null);
    } else {
      navigator.permissions
        .query({ name: 'geolocation' })
        .then((status) => {
          if (status.state !== 'granted') return finish(null);
          geo.getCurrentPosition(
            (p) => finish(roundPosition({ lat: p.coords.latitude, lng: p.coords.longitude })),
            () => finish(null),
            { enableHighAccuracy: false, maximumAge: MAX_AGE_MS, timeout: WAIT_MS },
          );
        })
        .catch(() => finish(null));
    }
    return () => {
      done = true;
      window.clearTimeout(timer);
    };
  }, []);
  return state;
}
