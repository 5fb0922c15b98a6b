/// <reference lib="webworker" />
/**
 * Service worker: precaches the app shell so it opens offline; navigations are answered with
 * the cached index.html (the router then draws the screen). If even that cannot be served (the
 * cache was evicted and the network is down), a small French offline page replaces the
 * browser's error page. API calls are never cached here.
 */
import {
  precacheAndRoute,
  createHandlerBoundToURL,
  cleanupOutdatedCaches,
  matchPrecache,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope;

const OFFLINE_PAGE = '/offline.html';

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
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
