/**
 * A choice kept on this device only (localStorage), never sent to be stored: read, saved and
 * watched by every mounted screen at once (useSyncExternalStore) and by other tabs (the storage
 * event). The default is not stored: saving it removes the key.
 */
import { useSyncExternalStore } from 'react';

export function deviceSetting<T extends string>(
  key: string,
  parse: (stored: string | null) => T | null,
  fallback: () => T,
) {
  const listeners = new Set<() => void>();

  /** The stored choice; the default when none was made or storage is out of reach. */
  function read(): T {
    try {
      return parse(localStorage.getItem(key)) ?? fallback();
    } catch {
      return fallback();
    }
  }

  function save(value: T) {
    try {
      if (value === fallback()) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
    } catch {
      // Private mode without storage: the choice lasts as long as nothing re-reads it.
    }
    listeners.forEach((l) => l());
  }

  function subscribe(listener: () => void) {
    listeners.add(listener);
    const onStorage = (e: StorageEvent) => {
      if (e.key === key || e.key === null) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  }

  const use = (): T => useSyncExternalStore(subscribe, read, fallback);
  return { read, save, use };
}
