/**
 * The installed app without a network: once the service worker has precached the shell (and
 * only the shell: other screens are cached as visited, or ahead of time off mobile data), the
 * app opens offline (any deep link) with the French offline notice instead of the browser's
 * error page, and comes back to normal when the connection returns.
 */
import { describe, expect, it } from 'vitest';
import { newPage, request } from './support/harness.js';
import { waitForServiceWorker } from './support/offline.js';

const OFFLINE_NOTICE = 'Vous êtes hors ligne. Vérifiez votre connexion internet.';

describe('installable app offline', () => {
  it('downloads no other screen ahead when the browser does not say the connection is free', async () => {
    const page = await newPage();
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    await page.goto('/policies');
    await page.getByText('8 septembre 2025').first().waitFor();
    await waitForServiceWorker(page);
    // Headless Chromium on a computer does not report its connection: taken as mobile data.
    await page.locator('html[data-screens-cached="kept"]').waitFor({
      state: 'attached',
      timeout: 30_000,
    });
    expect(asked).not.toContain('/later-assets.json');
    expect(asked.some((p) => /^\/assets\/NearMap-/.test(p))).toBe(false);
  });

  it('opens the shell offline on a deep link, with the offline notice, and recovers', async () => {
    const page = await newPage();
    // The member chose « Préparer l'appli hors connexion » on this device.
    await page.addInitScript({ content: `localStorage.setItem('prepare_offline', 'on');` });
    await page.goto('/policies');
    await page.getByText('8 septembre 2025').first().waitFor();
    await waitForServiceWorker(page);
    // The worker precached the shell only; the page then kept the screen it had loaded and, as
    // the member chose it, warmed the cache with the others.
    await page.locator('html[data-screens-cached="true"]').waitFor({
      state: 'attached',
      timeout: 30_000,
    });
    const cached = (await page.evaluate(`(async () => {
      const out = {};
      for (const name of await caches.keys()) {
        const keys = await (await caches.open(name)).keys();
        out[name.startsWith('workbox-precache') ? 'precache' : name] =
          keys.map((r) => new URL(r.url).pathname);
      }
      return out;
    })()`)) as Record<string, string[]>;
    const screenChunk = (list: string[] | undefined, name: string) =>
      (list ?? []).some((p) => new RegExp(`^/assets/${name}-[\\w-]+\\.js$`).test(p));
    expect(screenChunk(cached.precache, 'index')).toBe(true);
    for (const name of ['PoliciesPage', 'BlockedPage', 'ChatPage', 'NearMap']) {
      expect(screenChunk(cached.precache, name), `${name} precached`).toBe(false);
      expect(screenChunk(cached.screens, name), `${name} in the screens' cache`).toBe(true);
    }
    // The drawn pages a member seldom opens again are not precached either: warmed like screens.
    expect(cached.precache).toContain('/index.html');
    for (const page of ['/login.html', '/policies.html', '/blocked.html', '/signup.html']) {
      expect(cached.precache, `${page} precached`).not.toContain(page);
      expect(cached.screens, `${page} in the screens' cache`).toContain(page);
    }

    await page.context().setOffline(true);
    await page.goto('/blocked');
    await page.getByText('Compte bloqué').first().waitFor();
    await page.getByText(OFFLINE_NOTICE).waitFor();
    await page.goto('/policies');
    await page.getByText('8 septembre 2025').first().waitFor();

    await page.context().setOffline(false);
    await page.evaluate("window.dispatchEvent(new Event('online'))");
    await expect.poll(() => page.getByText(OFFLINE_NOTICE).count()).toBe(0);
  });

  it('declares a manifest that a phone can install', async () => {
    const page = await newPage();
    await page.goto('/login');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const manifest = (await (await request(href ?? '')).json()) as {
      icons: { sizes: string }[];
    };
    expect(manifest).toMatchObject({ lang: 'fr', display: 'standalone', start_url: '/home' });
    const sizes = manifest.icons.map((i) => i.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  });
});
