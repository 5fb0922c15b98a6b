/**
 * The installed app without a network: once the service worker has precached the shell, the app
 * opens offline (any deep link) with the French offline notice instead of the browser's error
 * page, and comes back to normal when the connection returns.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, request } from './support/harness.js';

const OFFLINE_NOTICE = 'Vous êtes hors ligne. Vérifiez votre connexion internet.';

/** Waits until the service worker is active and controls the page (the shell is precached). */
async function waitForServiceWorker(page: Page) {
  // A string, as the e2e files are type-checked without the DOM library.
  await page.evaluate(`(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  })()`);
}

describe('installable app offline', () => {
  it('opens the shell offline on a deep link, with the offline notice, and recovers', async () => {
    const page = await newPage();
    await page.goto('/policies');
    await page.getByText('8 septembre 2025').first().waitFor();
    await waitForServiceWorker(page);

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
