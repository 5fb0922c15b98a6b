/** The stored session (spec 1 §3): token in local storage, the user and e-mail alongside. */
import { SEEKING_STORAGE_KEY, TOKEN_STORAGE_KEY } from '@app/shared';

const listeners = new Set<() => void>();
/** Whether the last session ended because the account is blocked (see clearSession). */
let endedBlocked = false;

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_STORAGE_KEY);
}

export function setToken(token: string) {
  endedBlocked = false;
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
  listeners.forEach((l) => l());
}

/**
 * Clears the token, the cached user and the cached device hash (spec 1 §8: any 401). The kept
 * device id ('device_id', see deviceHash.ts) stays, so the next device hash is the same one.
 * Whom the member wants to meet (lib/seeking) goes with the session: a phone may be shared.
 */
export function clearSession({ blocked = false }: { blocked?: boolean } = {}) {
  endedBlocked = blocked;
  for (const key of [TOKEN_STORAGE_KEY, 'user', 'user_email', 'device_hash', SEEKING_STORAGE_KEY]) {
    localStorage.removeItem(key);
    sessionStorage.removeItem(key);
  }
  listeners.forEach((l) => l());
}

export function onSessionChange(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The session ended because the account is blocked: the guard then sends to /blocked, not
 * /login, even when it renders before the router has moved there.
 */
export const sessionEndedBlocked = () => endedBlocked;
