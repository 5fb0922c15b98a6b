/**
 * The call on this device, if any: the phase the screen shows and the call with the other
 * member. Tiny and free of WebRTC, so the app listens for calls on every screen for a few bytes;
 * the engine that speaks (engine.ts) is downloaded when a call starts or rings.
 */
import type { TCall, TCallPeer } from '@app/shared';
import { useSyncExternalStore } from 'react';

type CallPhase =
  'placing' | 'outgoing' | 'incoming' | 'connecting' | 'active' | 'reconnecting' | 'ended';

export interface CallState {
  phase: CallPhase;
  call: TCall | null;
  peer: TCallPeer;
  chatId: number;
  /** When the two started talking (ms since epoch), for the timer. */
  since: number | null;
  muted: boolean;
  /** Why it ended, shown a moment before the screen closes. */
  endText: string | null;
}

let state: CallState | null = null;
const listeners = new Set<() => void>();

export function getCallState() {
  return state;
}

export function setCallState(next: CallState | null) {
  state = next;
  listeners.forEach((l) => l());
}

export function updateCallState(patch: Partial<CallState>) {
  if (state) setCallState({ ...state, ...patch });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCallState() {
  return useSyncExternalStore(subscribe, getCallState, () => null);
}
