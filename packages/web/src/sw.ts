/// <reference lib="webworker" />
/**
 * Service worker: precaches the app shell so it opens offline (other screens are cached as they
 * are opened, or ahead on Wi-Fi: pwa.ts); navigations are answered with the cached page of
 * their address (pages.ts): a public screen drawn at build time, or the signed-in frame (top
 * bar, bottom navigation, skeleton cards) that the app then fills. If even that cannot be served (the
 * cache was evicted and the network is down), a small French offline page replaces the
 * browser's error page. API calls are never cached here.
 */
import {
  precacheAndRoute,
  createHandlerBoundToURL,
  cleanupOutdatedCaches,
  matchPrecache,
  getCacheKeyForURL,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import type { RouteHandlerCallback } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { SCREENS_CACHE } from './lib/screensCacheName';
import { fetchPushKeyForWorker } from './api/workerPushKey';
import { pageFor } from './pages';
import {
  parsePushPayload,
  sameOriginUrl,
  urlBase64ToUint8Array,
} from './lib/notifications/pushPayload';
import { PUSH_RENEWED_MESSAGE, renewPushSubscription } from './lib/notifications/pushRenewal';

declare const self: ServiceWorkerGlobalScope;

const OFFLINE_PAGE = '/offline.html';

cleanupOutdatedCaches();
// The build adds the web app manifest after its own filter (vite.config.ts NOT_PRECACHED): the
// page has fetched it already, a second download would only cost the member.
precacheAndRoute(
  self.__WB_MANIFEST.filter((e) => (typeof e === 'string' ? e : e.url) !== 'manifest.webmanifest'),
);
// The other screens' code and styles (file names carry their hash): kept once fetched, when a
// screen is first opened or when the page warms the cache on Wi-Fi (pwa.ts).
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: SCREENS_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 250, purgeOnQuotaError: true })],
  }),
);
// One handler per page, made on first use (a handler can only be bound to a precached file).
const pageHandlers = new Map<string, RouteHandlerCallback>();
/**
 * A drawn page that is not precached (vite.config.ts): from the network, kept in the screens'
 * cache under its file's address (where the page's warm-up puts it too), and that copy offline.
 */
async function laterPage(file: string): Promise<Response> {
  const cache = await caches.open(SCREENS_CACHE);
  try {
    const res = await fetch(file);
    if (res.ok) await cache.put(file, res.clone());
    return res;
  } catch (err) {
    const kept = await cache.match(file);
    if (kept) return kept;
    throw err;
  }
}
const pageHandler: RouteHandlerCallback = (options) => {
  const file = `/${pageFor(options.url.pathname)}`;
  if (!getCacheKeyForURL(file)) return laterPage(file);
  let handler = pageHandlers.get(file);
  if (!handler) {
    handler = createHandlerBoundToURL(file);
    pageHandlers.set(file, handler);
  }
  return handler(options);
};
registerRoute(
  new NavigationRoute(pageHandler, {
    denylist: [/^\/api\//, /^\/socket\.io/, /^\/uploads\//, /^\/dev\//],
  }),
);

// Runs when a registered route's handler throws (for a navigation: no cached shell, no network).
setCatchHandler(async ({ request }) => {
  if (request.mode !== 'navigate') return Response.error();
  return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
});

self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// Web Push (notifications that reach a closed app): the server sends {title, body, url, tag,
// renotify, icon}. A chat's pushes share one tag, so the phone shows one notification per chat
// (the latest, counting the messages) that still alerts for each new message (renotify).
self.addEventListener('push', (event) => {
  const payload = parsePushPayload(event.data?.text(), 'Rencontre');
  const options: NotificationOptions & { renotify?: boolean } = {
    body: payload.body,
    icon: payload.icon,
    badge: '/icon-192.png',
    tag: payload.tag,
    renotify: payload.renotify,
    data: { url: payload.url },
  };
  event.waitUntil(self.registration.showNotification(payload.title, options));
});

// The browser renewed (or dropped) the push subscription: subscribe again with the same key;
// the open pages save it for their member (the token is theirs), else the next opening does.
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(
    renewPushSubscription({
      pushManager: self.registration.pushManager,
      oldSubscription: event.oldSubscription,
      newSubscription: event.newSubscription,
      fetchPublicKey,
      tellPages: async () => {
        const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
        windows.forEach((w) => w.postMessage({ type: PUSH_RENEWED_MESSAGE }));
      },
    }).catch(() => null),
  );
});

async function fetchPublicKey(): Promise<Uint8Array<ArrayBuffer> | null> {
  const key = await fetchPushKeyForWorker();
  return key ? urlBase64ToUint8Array(key) : null;
}

// Tapping a notification (a push or a local reminder): bring the open app to the front on its
// address, or open one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data: unknown = event.notification.data;
  const url = sameOriginUrl(
    data && typeof data === 'object' && 'url' in data ? data.url : undefined,
    self.location.origin,
  );
  event.waitUntil(openOrFocus(url));
});

async function openOrFocus(url: string) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const client = windows.find((c) => new URL(c.url).origin === self.location.origin);
  if (!client) {
    await self.clients.openWindow(url);
    return;
  }
  const focused = await client.focus().catch(() => client);
  if (focused.url === url) return;
  // navigate() works only on pages this worker controls; otherwise open a new window.
  const moved = await focused.navigate(url).catch(() => null);
  if (!moved) await self.clients.openWindow(url);
}
