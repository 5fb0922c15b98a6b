/** How the server delivers the app over slow mobile data: health, history fallback, caching. */
import { describe, expect, it } from 'vitest';
import { readMails, request } from './support/harness.js';

async function indexAssets(): Promise<string[]> {
  const html = await (await request('/')).text();
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].flatMap((m) => m[1] ?? []);
}

describe('serving', () => {
  it('answers the health check with the database ok', async () => {
    const res = await request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, data: { db: 'ok' } });
  });

  it('answers a deep link with the app page, never cached', async () => {
    const res = await request('/chat/5', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    // The signed-in frame, drawn at build time (pages.ts).
    expect(await res.text()).toMatch(/<div id="root" data-page="frame"/);
  });

  it('serves hashed assets cached for a year as immutable', async () => {
    const assets = await indexAssets();
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      const res = await request(asset);
      expect(res.status, asset).toBe(200);
      expect(res.headers.get('cache-control'), asset).toContain('immutable');
    }
  });

  it('compresses the entry script with brotli or gzip', async () => {
    const entry = (await indexAssets()).find((a) => a.endsWith('.js'));
    expect(entry).toBeDefined();
    const res = await request(entry ?? '', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toMatch(/^(br|gzip)$/);
    expect((await res.text()).length).toBeGreaterThan(0);
  });

  it('precaches the shell only, lists the member screens for later, never the staff console', async () => {
    const sw = await (await request('/sw.js')).text();
    expect(sw).toMatch(/assets\/index-[\w-]+\.js/);
    expect(sw).toMatch(/assets\/boot-[\w-]+\.js/);
    // Screens are cached as they are opened, or ahead of time off mobile data (pwa.ts).
    expect(sw).not.toMatch(/assets\/ChatPage-[\w-]+\.js/);
    const later = (await (await request('/later-assets.json')).json()) as string[];
    expect(later.some((f) => /^\/assets\/ChatPage-[\w-]+\.js$/.test(f))).toBe(true);
    // Of the drawn pages, the worker keeps the ones a member opens the app on; the others later.
    const precached = (page: string) => sw.includes(`"url":"${page}"`);
    for (const page of ['index.html', 'offline.html']) {
      expect(precached(page), page).toBe(true);
    }
    for (const page of ['login.html', 'policies.html', 'signup.html', 'app.html']) {
      expect(precached(page), page).toBe(false);
      expect(later).toContain(`/${page}`);
    }
    for (const list of [sw, JSON.stringify(later)]) {
      expect(list).not.toContain('admin-');
      expect(list).not.toContain('AdminPage');
    }
    // The console still ships, only later and to staff: its chunks are served on demand,
    // named by the signed-in part (which the entry loads lazily).
    const entry = (await indexAssets()).find((a) => /index-[\w-]+\.js$/.test(a)) ?? '';
    const signedIn = /assets\/SignedIn-[\w-]+\.js/.exec(await (await request(entry)).text());
    expect(signedIn).not.toBeNull();
    const code = await (await request(`/${signedIn?.[0]}`)).text();
    const chunk = /assets\/admin-AdminPage-[\w-]+\.js/.exec(code)?.[0];
    expect(chunk).toBeDefined();
    expect((await request(`/${chunk}`)).status).toBe(200);
  });
});

describe('dev outbox', () => {
  it('is readable by the flows (mail codes)', async () => {
    expect(Array.isArray(await readMails())).toBe(true);
  });
});
