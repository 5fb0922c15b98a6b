/**
 * The member's position for a nearest-first feed (lib/feed/feedStart): the reading the boot
 * started when there is one, else a fresh one. Without it, or after 3 s, newest first.
 */
import { useEffect, useState } from 'react';
import type { TLatLng } from '@app/shared';
import { takeFeedPosition } from '../../lib/feed/feedStart';

export function useFeedPosition(): { position: TLatLng | null; ready: boolean } {
  const [state, setState] = useState<{ position: TLatLng | null; ready: boolean }>({
    position: null,
    ready: false,
  });
  useEffect(() => {
    let live = true;
    void takeFeedPosition().then((position) => {
      if (live) setState({ position, ready: true });
    });
    return () => {
      live = false;
    };
  }, []);
  return state;
}
