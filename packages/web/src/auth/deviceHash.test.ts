import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '@app/shared';
import {
  browserHashOf,
  DEVICE_HASH_KEY,
  DEVICE_ID_KEY,
  getDeviceHash,
  getDeviceId,
} from './deviceHash';
import { clearSession, setToken } from './session';

/** The Web Storage interface over a Map, standing in for the browser's. */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

/** A browser profile: its own local and session storage. */
function openBrowser() {
  const local = new MemoryStorage();
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  return local;
}

beforeEach(() => {
  openBrowser();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('device hash', () => {
  it('is browser- and 20 base64url characters, kept in local storage', async () => {
    const hash = await getDeviceHash();
    expect(hash).toMatch(/^browser-[A-Za-z0-9_-]{20}$/);
    expect(localStorage.getItem(DEVICE_HASH_KEY)).toBe(hash);
    expect(localStorage.getItem(DEVICE_ID_KEY)).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('is the same after clearSession, at another time: the device rule holds after a sign-out', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-09-08T10:00:00Z'));
    setToken('jeton-de-session');
    const before = await getDeviceHash();

    clearSession();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(DEVICE_HASH_KEY)).toBeNull();
    expect(localStorage.getItem(DEVICE_ID_KEY)).not.toBeNull();

    vi.setSystemTime(new Date('2025-09-20T18:30:00Z'));
    expect(await getDeviceHash()).toBe(before);
  });

  it('derives the hash from the kept id alone, and another browser gets another one', async () => {
    const first = await getDeviceHash();
    const id = getDeviceId();
    expect(await browserHashOf(id)).toBe(first);
    expect(await browserHashOf(`${id}x`)).not.toBe(first);

    openBrowser();
    const other = await getDeviceHash();
    expect(other).toMatch(/^browser-/);
    expect(other).not.toBe(first);
  });

  it('answers concurrent first calls with one hash', async () => {
    const [a, b] = await Promise.all([getDeviceHash(), getDeviceHash()]);
    expect(a).toBe(b);
  });
});
