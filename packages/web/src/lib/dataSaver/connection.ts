/**
 * What the browser says of the connection (the Network Information API: Chrome on Android
 * says it; Safari and Firefox say nothing, and are then taken as not on mobile data).
 */
import { useSyncExternalStore } from 'react';

export interface ConnectionInfo {
  saveData?: boolean;
  /** 'cellular', 'wifi', 'ethernet'… (Chrome on Android). */
  type?: string;
  /** 'slow-2g', '2g', '3g' or '4g', from the measured speed. */
  effectiveType?: string;
}

type WatchedConnection = ConnectionInfo & Partial<EventTarget>;

export function connectionOf(): WatchedConnection | undefined {
  return typeof navigator === 'undefined'
    ? undefined
    : (navigator as Navigator & { connection?: WatchedConnection }).connection;
}

const SLOW = new Set(['slow-2g', '2g', '3g']);

/** Data the member pays by the megabyte, or a link too slow to spend it: the lighter photos. */
export function onMobileData(connection: ConnectionInfo | undefined): boolean {
  if (!connection) return false;
  return (
    connection.saveData === true ||
    connection.type === 'cellular' ||
    SLOW.has(connection.effectiveType ?? '')
  );
}

function subscribe(onChange: () => void): () => void {
  const connection = connectionOf();
  connection?.addEventListener?.('change', onChange);
  return () => connection?.removeEventListener?.('change', onChange);
}

/** onMobileData for the connection of the moment, following its changes (Wi-Fi lost…). */
export function useMobileData(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => onMobileData(connectionOf()),
    () => false,
  );
}
