/**
 * The built pages by address (issue 26): each public screen drawn at build time is served its
 * own page as dist/pages.json lists it, every other address the signed-in frame; a form the
 * browser posted by itself before the page's code ran is sent back to its page (303), its
 * fields unread; a build without pages.json serves index.html everywhere, as before.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import { makeTestDir } from './temp-dirs.js';

function webDist(withPages: boolean): string {
  const dir = makeTestDir('web-pages');
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><p>cadre</p>');
  fs.writeFileSync(path.join(dir, 'login.html'), '<!doctype html><p>connexion</p>');
  fs.writeFileSync(path.join(dir, 'app.html'), '<!doctype html><p>vide</p>');
  if (withPages) {
    fs.writeFileSync(
      path.join(dir, 'pages.json'),
      JSON.stringify({ '/': 'login.html', '/login': 'login.html', '/verify-otp': 'app.html' }),
    );
  }
  return dir;
}

describe('pages by address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ WEB_DIST: webDist(true) });
  });
  afterAll(() => t.close());

  it.each([
    ['/', 'connexion'],
    ['/login', 'connexion'],
    ['/login/', 'connexion'],
    ['/login?code=AB12', 'connexion'],
    ['/verify-otp', 'vide'],
    ['/home', 'cadre'],
    ['/chat/12', 'cadre'],
  ])('%s gets its page', async (url, text) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain(text);
  });

  it('sends a form posted to a page back to it, and nothing else', async () => {
    const posted = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.bf&password=secret',
    });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe('/login');
    const elsewhere = await t.app.inject({ method: 'POST', url: '/home', payload: {} });
    expect(elsewhere.statusCode).toBe(404);
  });
});

describe('a build without its pages list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ WEB_DIST: webDist(false) });
  });
  afterAll(() => t.close());

  it('serves index.html at every address', async () => {
    for (const url of ['/login', '/home']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).toContain('cadre');
    }
  });
});
