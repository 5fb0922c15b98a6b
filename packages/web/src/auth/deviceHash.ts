/**
 * The device hash sent with login, signup and Google sign-in (spec 1 §3): the device's own id
 * when the native wrapper exposes one, otherwise 'browser-' + a 20-character base64url SHA-256
 * digest of this browser's device id.
 *
 * The device id is a random value made once and kept in local storage under 'device_id', a key
 * that clearSession leaves alone. The spec's own recipe (user agent, language, screen size and
 * a timestamp) gave a new hash each time local storage lost 'device_hash', which clearSession
 * removes on every 401 (spec 1 §8): signing out and in again was enough to escape the
 * one-account-per-device rule. The hash is now derived from the kept id alone, so it is the
 * same before and after a sign-out; user agent and screen size are left out because a browser
 * update or a rotated screen would change it for no reason. 'device_hash' is still written as a
 * cache and still cleared as the spec says; it is recomputed identically.
 */
export const DEVICE_HASH_KEY = 'device_hash';
export const DEVICE_ID_KEY = 'device_id';
const DIGEST_LENGTH = 20;

interface NativeDeviceBridge {
  /** Our own wrapper's bridge, when the app runs packaged. */
  NativeBridge?: { getDeviceId?: () => string | Promise<string> };
  /** A Capacitor wrapper with the Device plugin. */
  Capacitor?: {
    Plugins?: { Device?: { getId?: () => Promise<{ identifier?: string; uuid?: string }> } };
  };
}

let pending: Promise<string> | null = null;

export function getDeviceHash(): Promise<string> {
  const stored = localStorage.getItem(DEVICE_HASH_KEY);
  if (stored) return Promise.resolve(stored);
  pending ??= computeDeviceHash()
    .then((hash) => {
      localStorage.setItem(DEVICE_HASH_KEY, hash);
      return hash;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

async function computeDeviceHash(): Promise<string> {
  const nativeId = await readNativeDeviceId();
  if (nativeId) return nativeId;
  return browserHashOf(getDeviceId());
}

/** This browser's kept id: read from local storage, made once when missing. */
export function getDeviceId(): string {
  const kept = localStorage.getItem(DEVICE_ID_KEY);
  if (kept) return kept;
  const id = base64url(crypto.getRandomValues(new Uint8Array(16)));
  localStorage.setItem(DEVICE_ID_KEY, id);
  return id;
}

/** The hash of a device id: the same id always gives the same hash. */
export async function browserHashOf(deviceId: string): Promise<string> {
  // crypto.subtle is missing outside secure contexts (LAN dev); the id is random already.
  const bytes = globalThis.crypto?.subtle
    ? new Uint8Array(
        await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`device|${deviceId}`)),
      )
    : null;
  const body = bytes ? base64url(bytes) : deviceId.replace(/[^A-Za-z0-9_-]/g, '');
  return `browser-${body.slice(0, DIGEST_LENGTH)}`;
}

async function readNativeDeviceId(): Promise<string | null> {
  const w = globalThis as typeof globalThis & NativeDeviceBridge;
  try {
    const own = await w.NativeBridge?.getDeviceId?.();
    if (own) return own;
    const cap = await w.Capacitor?.Plugins?.Device?.getId?.();
    return cap?.identifier || cap?.uuid || null;
  } catch {
    return null;
  }
}

function base64url(bytes: Uint8Array): string {
  let bin = '';
  bytes.forEach((b) => (bin += String.fromCharCode(b)));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
