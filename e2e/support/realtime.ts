/**
 * Cuts a page's realtime link (Socket.IO, WebSocket and polling alike) until `restore()`: the
 * network drops for a moment, and the server stays unreachable while the client retries, so the
 * page shows 'Reconnexion en cours...' (when the open WebSocket survives the drop, the page is
 * reloaded to open a new one). The page must run without the service worker.
 */
import type { Page } from 'playwright-core';
import { until } from './until.js';

export async function cutRealtime(page: Page): Promise<{ restore(): void }> {
  // First let the page start its realtime link: the library is downloaded once signed in, then
  // connects at once. A WebSocket leaves no resource entry, so the library's chunk is the sign.
  await until(
    page,
    "performance.getEntriesByType('resource').some((e) => e.name.includes('/socket.io/') || e.name.includes('/assets/realtime-client-'))",
  );
  let down = true;
  await page.routeWebSocket(/\/socket\.io\//, (ws) => (down ? ws.close() : ws.connectToServer()));
  await page.route('**/socket.io/**', (route) => (down ? route.abort() : route.continue()));
  await page.context().setOffline(true);
  await page.getByText('Vous êtes hors ligne').waitFor();
  await page.context().setOffline(false);
  const reconnecting = page.getByTestId('realtime-pill').getByText('Reconnexion en cours...');
  try {
    await reconnecting.waitFor({ timeout: 5_000 });
  } catch {
    // The live WebSocket outlived the offline blip (seen on a loaded machine): a reload opens a
    // new one, which meets the routes above.
    await page.reload();
    await reconnecting.waitFor();
  }
  return {
    restore() {
      down = false;
    },
  };
}
