/**
 * The stored session (spec 1 §3): token in local storage, the user and e-mail alongside. A
 * session ending or another one starting forgets the member's things on this device
 * (memberData): a phone may be shared.
 */
import { SEEKING_STORAGE_KEY, TOKEN_STORAGE_KEY } from '@app/shared';
import { forgetMemberData, ownerOf } from './memberData';

const listeners = new Set<() => void>();
const endListeners = new Set<() => void>();
/** Whether the last session ended because the account is blocked (see clearSession). */
let endedBlocked = false;
/** The last forgetting of a member's stores, for whoever must wait for it (sign-out). */
let forgetting: Promise<void> = Promise.resolve();

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_STORAGE_KEY);
}

/** The digest of the stored session that tags what it keeps (memberData), or null. */
export function sessionOwner(): string | null {
  try {
    const token = getToken();
    return token ? ownerOf(token) : null;
  } catch {
    return null;
  }
}

export function setToken(token: string) {
  endedBlocked = false;
  const before = getToken();
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
  // Another session: whatever an earlier one left (its sign-out never ran) goes first.
  if (before !== token) forgetting = forgetMemberData({ all: false });
  listeners.forEach((l) => l());
}

/**
 * Clears the token, the cached user and the cached device hash (spec 1 §8: any 401), and
 * everything else kept for the member (memberData; onSessionEnd for what lives in memory). The
 * kept device id ('device_id', see deviceHash.ts) stays, so the next device hash is the same one.
 * Whom the member wants to meet (lib/seeking) goes with the session: a phone may be shared.
 */
export function clearSession({ blocked = false }: { blocked?: boolean } = {}) {
  endedBlocked = blocked;
  for (const key of [TOKEN_STORAGE_KEY, 'user', 'user_email', 'device_hash', SEEKING_STORAGE_KEY]) {
    localStorage.removeItem(key);
    sessionStorage.removeItem(key);
  }
  endListeners.forEach((l) => l());
  forgetting = forgetMemberData({ all: true });
  listeners.forEach((l) => l());
}

/** Resolves once the member's stores are empty after the last clearSession or new session. */
export const memberDataForgotten = () => forgetting;

export function onSessionChange(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called as a session ends, before anything else: drop what is held in memory for it. */
export function onSessionEnd(listener: () => void) {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

/**
 * The session ended because the account is blocked: the guard then sends to /blocked, not
 * /login, even when it renders before the router has moved there.
 */
export const sessionEndedBlocked = () => endedBlocked;
