/**
 * "Je veux rencontrer" kept on this device only (issue 18): localStorage, read by the feed, the
 * swipe deck and the map as a filter of each request, never sent to be stored. A change is seen
 * at once by every mounted screen (useSyncExternalStore), and by other tabs (storage event).
 */
import { useSyncExternalStore } from 'react';
import {
  SEEKING_CHOICES,
  SEEKING_STORAGE_KEY as KEY,
  seekingFilter,
  type TSeeking,
  type TSeekingChoice,
} from '@app/shared';

const listeners = new Set<() => void>();

function isChoice(value: unknown): value is TSeekingChoice {
  return typeof value === 'string' && (SEEKING_CHOICES as readonly string[]).includes(value);
}

/** The stored choice; everybody when none was made or storage is out of reach. */
export function readSeeking(): TSeekingChoice {
  try {
    const stored = localStorage.getItem(KEY);
    return isChoice(stored) ? stored : 'tous';
  } catch {
    return 'tous';
  }
}

/** The filter to send with a request: a gender, or nothing for everybody. */
export const seekingParam = (): TSeeking => seekingFilter(readSeeking());

export function saveSeeking(choice: TSeekingChoice) {
  try {
    if (choice === 'tous') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, choice);
  } catch {
    // Private mode without storage: the choice lasts as long as nothing re-reads it.
  }
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSeeking(): TSeekingChoice {
  return useSyncExternalStore(subscribe, readSeeking, () => 'tous');
}
