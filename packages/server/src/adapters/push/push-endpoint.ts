/**
 * Which Web Push endpoints we accept: https addresses of the browsers' own push services only.
 * The server POSTs to whatever endpoint it stores, so any other address would let a member make
 * it call hosts of their choosing (internal services included).
 */

/** Hosts, or parent domains (a leading dot), of the push services the browsers use. */
const KNOWN_PUSH_HOSTS = [
  // Chrome, Edge on Android, Opera, Samsung Internet (Firebase Cloud Messaging; GCM before it).
  'fcm.googleapis.com',
  'android.googleapis.com',
  // Firefox.
  '.push.services.mozilla.com',
  // Safari (web.push.apple.com).
  '.push.apple.com',
  // Edge on Windows (wns2-*.notify.windows.com).
  '.notify.windows.com',
];

function matches(host: string, rule: string): boolean {
  return rule.startsWith('.') ? host.endsWith(rule) && host.length > rule.length : host === rule;
}

/**
 * True for an https endpoint of a known push service on its default port, or of one of
 * `extraHosts` (host or host:port, for a local push service in tests).
 */
export function isAllowedPushEndpoint(endpoint: string, extraHosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  if (extraHosts.includes(url.host) || extraHosts.includes(url.hostname)) return true;
  return url.port === '' && KNOWN_PUSH_HOSTS.some((rule) => matches(url.hostname, rule));
}
