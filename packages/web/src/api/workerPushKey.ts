/**
 * The server's Web Push key as the service worker asks for it (no page, no session, no shared
 * request helper there): the key's text, or null when the server could not say.
 */
export async function fetchPushKeyForWorker(): Promise<string | null> {
  const res = await fetch('/api/push/public-key').catch(() => null);
  const body: unknown = await res?.json().catch(() => null);
  const data = body && typeof body === 'object' && 'data' in body ? body.data : null;
  const key = data && typeof data === 'object' && 'public_key' in data ? data.public_key : null;
  return typeof key === 'string' && key ? key : null;
}
