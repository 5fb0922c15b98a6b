/**
 * The device side of offline reading and of a shared phone: what the app keeps in IndexedDB
 * (the screens' cache, the outbox's photo bytes) and in localStorage, read from the page, and a
 * wait for the kept screens to hold what a flow needs.
 */
import type { Page } from 'playwright-core';

/** Waits until the service worker is active and controls the page (the shell is precached). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  // A string, as the e2e files are type-checked without the DOM library.
  await page.evaluate(`(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  })()`);
}

/** The record of kept screens (api/persistedCache), as JSON text, or '' when none. */
export function keptScreens(page: Page): Promise<string> {
  // A string, as the e2e files are type-checked without the DOM library.
  return page.evaluate(`new Promise((resolve) => {
    const open = indexedDB.open('rencontre-screens');
    open.onerror = () => resolve('');
    open.onupgradeneeded = () => open.result.createObjectStore('cache');
    open.onsuccess = () => {
      const db = open.result;
      const get = db.transaction('cache').objectStore('cache').get('queries');
      get.onsuccess = () => resolve(get.result ? JSON.stringify(get.result) : '');
      get.onerror = () => resolve('');
      get.transaction.oncomplete = () => db.close();
    };
  })`) as Promise<string>;
}

/** How many photo or voice bytes wait in the outbox's IndexedDB store. */
export function keptOutboxBlobs(page: Page): Promise<number> {
  return page.evaluate(`new Promise((resolve) => {
    const open = indexedDB.open('chat-outbox');
    open.onerror = () => resolve(-1);
    open.onupgradeneeded = () => open.result.createObjectStore('blobs');
    open.onsuccess = () => {
      const db = open.result;
      const count = db.transaction('blobs').objectStore('blobs').count();
      count.onsuccess = () => resolve(count.result);
      count.onerror = () => resolve(-1);
      count.transaction.oncomplete = () => db.close();
    };
  })`) as Promise<number>;
}

/** localStorage as an object. */
export function localStore(page: Page): Promise<Record<string, string>> {
  return page.evaluate('({ ...localStorage })') as Promise<Record<string, string>>;
}

/** Waits until the kept screens hold every one of `texts` (written as the server answers). */
export async function waitUntilKept(page: Page, texts: string[], timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const kept = await keptScreens(page);
    if (texts.every((t) => kept.includes(t))) return;
    if (Date.now() > end) throw new Error(`the kept screens lack one of ${texts.join(' | ')}`);
    await page.waitForTimeout(250);
  }
}
