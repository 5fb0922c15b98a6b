/**
 * The device hash sent with login, signup and Google sign-in (spec 1 §3): the device's own id
 * when the native wrapper exposes one, otherwise 'browser-' + a 20-character base64url SHA-256
 * digest of user agent, language, screen size and a timestamp. Computed once, then reused from
 * local storage ('device_hash'; clearSession removes it on a 401, as the spec asks).
 */
const STORAGE_KEY = 'device_hash';
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
  const stored = localStorage.getItem(STORAGE_KEY);
  if (stored) return Promise.resolve(stored);
  pending ??= computeDeviceHash()
    .then((hash) => {
      localStorage.setItem(STORAGE_KEY, hash);
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
  const source = [
    navigator.userAgent,
    navigator.language,
    `${window.screen.width}x${window.screen.height}`,
    Date.now(),
  ].join('|');
  return `browser-${base64url(await digest(source)).slice(0, DIGEST_LENGTH)}`;
}

async function readNativeDeviceId(): Promise<string | null> {
  const w = window as Window & NativeDeviceBridge;
  try {
    const own = await w.NativeBridge?.getDeviceId?.();
    if (own) return own;
    const cap = await w.Capacitor?.Plugins?.Device?.getId?.();
    return cap?.identifier || cap?.uuid || null;
  } catch {
    return null;
  }
}

/** SHA-256 where available; crypto.subtle is missing outside secure contexts (LAN dev). */
async function digest(source: string): Promise<Uint8Array> {
  if (window.crypto?.subtle) {
    const buf = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(source));
    return new Uint8Array(buf);
  }
  return crypto.getRandomValues(new Uint8Array(32));
}

function base64url(bytes: Uint8Array): string {
  let bin = '';
  bytes.forEach((b) => (bin += String.fromCharCode(b)));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
