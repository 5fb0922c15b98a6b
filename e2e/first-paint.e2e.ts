/**
 * Paint before the code arrives (issue 26), on the production build: what runs is React (read
 * from the page, not assumed), the public screens come as HTML that React drew at build time
 * and then hydrates without a mismatch, a cold /login on a throttled Slow 3G link shows its form
 * before the app's code has finished loading, and a returning member's signed-in address comes
 * as the frame (top bar, bottom navigation, skeleton cards) while the code is held back.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, request } from './support/harness.js';
import { createMemberViaApi, signedInPage } from './support/members.js';
import { REPO_ROOT, WEB_DIST } from './support/paths.js';

/** Holds every script of the app until `release()` (the page's HTML and styles go through). */
async function holdScripts(page: Page) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** React's errors and warnings in the console (a hydration mismatch among them). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

const runsReact = (page: Page) =>
  page.evaluate(
    `Object.keys(document.getElementById('root')).some((k) => k.startsWith('__reactContainer$'))`,
  ) as Promise<boolean>;

describe('paint before the code arrives', () => {
  it('ships React 19 and no Preact', () => {
    const assets = path.join(WEB_DIST, 'assets');
    const code = fs
      .readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .map((f) => fs.readFileSync(path.join(assets, f), 'utf8'))
      .join('\n');
    const version = (
      JSON.parse(
        fs.readFileSync(path.join(REPO_ROOT, 'node_modules/react-dom/package.json'), 'utf8'),
      ) as { version: string }
    ).version;
    expect(version).toMatch(/^19\./);
    // React DOM checks at start that react and react-dom are the same version: both are there.
    // (Booleans: a failure would otherwise print the whole bundle.)
    expect(code.includes(`version:\`${version}\``), 'React DOM in the bundle').toBe(true);
    expect(code.includes('https://react.dev/errors/'), "React's error decoder").toBe(true);
    expect(/preact/i.test(code), 'a trace of Preact').toBe(false);
    expect(fs.existsSync(path.join(REPO_ROOT, 'node_modules/preact'))).toBe(false);
  });

  it('shows the /login form as HTML before any script has run, then hydrates it with React', async () => {
    const page = await newPage({ serviceWorkers: 'block' });
    const errors = consoleErrors(page);
    const release = await holdScripts(page);
    await page.goto('/login', { waitUntil: 'commit' });

    const email = page.getByLabel('Email');
    await email.waitFor();
    await expect(page.getByRole('heading', { name: 'Connexion' }).isVisible()).resolves.toBe(true);
    const submit = page.getByRole('button', { name: 'Se connecter' });
    // No script yet: the button waits for the app, so an early tap never posts the fields.
    await expect(submit.isDisabled()).resolves.toBe(true);
    expect(await runsReact(page)).toBe(false);
    await email.fill('avant.le.code@exemple.bf');

    release();
    await expect.poll(() => submit.isEnabled()).toBe(true);
    expect(await runsReact(page)).toBe(true);
    // What the member typed before the code arrived is still there, and React now owns it.
    expect(errors.filter((e) => /hydrat|#418|#423|#425/i.test(e))).toEqual([]);
    expect(await email.inputValue()).toBe('avant.le.code@exemple.bf');
    await page.getByLabel('Mot de passe', { exact: true }).fill('pas-le-bon-mot-de-passe');
    await submit.click();
    await page
      .getByText(/incorrect|invalide/i)
      .first()
      .waitFor();
    expect(errors.filter((e) => /hydrat|#418|#423|#425/i.test(e))).toEqual([]);
  });

  it('draws every public screen at build time, and the server sends each its own page', async () => {
    for (const [at, heading] of [
      ['/signup', 'Inscription'],
      ['/forgot-password', 'Mot de passe oublié'],
      ['/policies', '8 septembre 2025'],
    ] as const) {
      const html = await (await request(at)).text();
      expect(html, at).toContain('data-page="prerendered"');
      expect(html, at).toContain(heading);
    }
    const frame = await (await request('/home')).text();
    expect(frame).toContain('data-page="frame"');
    expect(frame).toContain('bottom-nav');
    // A form posted by the browser itself is sent back to its page, its fields unread.
    const posted = await request('/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40b.bf&password=secret',
      redirect: 'manual',
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe('/login');
  });

  it("shows the form of a cold /login on Slow 3G before the app's code has finished loading", async () => {
    const page = await newPage({ serviceWorkers: 'block' });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    // Chromium's Slow 3G: 400 kb/s down, 400 ms of latency; a phone's CPU, 4 times slower.
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 400,
      downloadThroughput: (400 * 1000) / 8,
      uploadThroughput: (400 * 1000) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const scriptsDone: number[] = [];
    let scripts = 0;
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts++;
    });
    page.on('requestfinished', (r) => {
      if (r.resourceType() === 'script') scriptsDone.push(Date.now());
    });
    const start = Date.now();
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByLabel('Email').waitFor({ timeout: 30_000 });
    const formAt = Date.now() - start;
    const finishedBefore = scriptsDone.length;
    await expect
      .poll(() => page.getByRole('button', { name: 'Se connecter' }).isEnabled(), {
        timeout: 60_000,
      })
      .toBe(true);
    // The form showed while the app's scripts were still on their way.
    expect(scripts).toBeGreaterThan(finishedBefore);
    console.log(
      `Slow 3G, cold /login: form at ${formAt} ms; scripts done before it ${finishedBefore}/${scripts}`,
    );
  });

  it('gives a returning member the signed-in frame while the code is held, then the real screen', async () => {
    const member = await createMemberViaApi('Awa');
    const page = await signedInPage(member, { serviceWorkers: 'block' });
    const release = await holdScripts(page);
    await page.goto('/home', { waitUntil: 'commit' });
    await page.getByRole('navigation', { name: 'Navigation principale' }).waitFor();
    await expect(
      page.getByRole('link', { name: 'Accueil', exact: true }).getAttribute('aria-current'),
    ).resolves.toBe('page');
    expect(await page.locator('.ann-skeleton').count()).toBeGreaterThan(0);
    expect(await runsReact(page)).toBe(false);

    release();
    await expect.poll(() => runsReact(page)).toBe(true);
    // The frame gives way to the app's own shell: one navigation, the member's balance.
    await page.getByRole('link', { name: /Mes pièces : \d+/ }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Navigation principale' }).count()).toBe(1);
  });
});
