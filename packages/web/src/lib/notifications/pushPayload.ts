/**
 * Pure helpers of Web Push, shared by the page (subscribing) and the service worker (showing
 * and opening): the VAPID key decoding, the push message's payload, a safe target address.
 */

/** The VAPID public key (base64url) as the bytes PushManager.subscribe expects. */
export function urlBase64ToUint8Array(base64Url: string): Uint8Array<ArrayBuffer> {
  const padding = '='.repeat((4 - (base64Url.length % 4)) % 4);
  const base64 = (base64Url + padding).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export interface PushPayload {
  title: string;
  body: string;
  url: string;
  /** Notifications with one tag replace each other (a chat's: `chat:<id>`, one per chat). */
  tag: string | undefined;
  /** The replacing notification alerts again; only with a tag (the browser refuses it alone). */
  renotify: boolean;
  icon: string;
}

const DEFAULT_ICON = '/icon-192.png';
const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

/** Reads the server's JSON {title, body, url, tag, renotify, icon}; a bare text becomes the body. */
export function parsePushPayload(
  text: string | null | undefined,
  fallbackTitle: string,
): PushPayload {
  let data: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text ?? '');
    if (parsed && typeof parsed === 'object') data = parsed as Record<string, unknown>;
  } catch {
    data = { body: text ?? '' };
  }
  const tag = str(data.tag);
  return {
    title: str(data.title) ?? fallbackTitle,
    body: str(data.body) ?? '',
    url: str(data.url) ?? '/home',
    tag,
    renotify: tag !== undefined && data.renotify === true,
    icon: str(data.icon) ?? DEFAULT_ICON,
  };
}

/** The address a notification opens: on our own origin only, else the home screen. */
export function sameOriginUrl(url: unknown, origin: string): string {
  const fallback = new URL('/home', origin).href;
  if (typeof url !== 'string') return fallback;
  try {
    const target = new URL(url, origin);
    return target.origin === origin ? target.href : fallback;
  } catch {
    return fallback;
  }
}
