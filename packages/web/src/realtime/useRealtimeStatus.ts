/** The realtime connection's status, for the shell's discreet "reconnecting" pill. */
import { useSyncExternalStore } from 'react';
import { getRealtimeStatus, subscribeRealtimeStatus, type RealtimeStatus } from './socket';

export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(subscribeRealtimeStatus, getRealtimeStatus);
}
