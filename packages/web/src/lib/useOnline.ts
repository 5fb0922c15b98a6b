/**
 * Whether the browser says it is online, following its `online` and `offline` events: the offline
 * banner, the realtime pill and the outbox hint read it from here. Drawn at build time (no
 * window), a page is taken as online.
 */
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}
