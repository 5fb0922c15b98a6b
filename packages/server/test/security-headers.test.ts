/**
 * Browser security headers: on pages (and the service worker) a strict CSP naming only the
 * hosts the app uses, no framing, nosniff, Referrer-Policy, Permissions-Policy; on every other
 * answer (static file, API, errors) nosniff, no framing and a CSP that lets nothing load; HSTS
 * only behind an https public address. And the pages we serve hold no
 * inline script the CSP would block.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_A_PAGE_POLICY } from '../src/http/security-headers.js';
import { createTestApp, type TestApp } from './helpers.js';
import { makeTestDir } from './temp-dirs.js';

/** A built web app of two files, so the page and static answers exist without a real build. */
function fakeWebDist(): string {
  const dir = makeTestDir('web');
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Rencontre</title>');
  fs.writeFileSync(path.join(dir, 'login.html'), '<!doctype html><title>Connexion</title>');
  fs.writeFileSync(path.join(dir, 'offline.js'), 'void 0;\n');
  fs.writeFileSync(path.join(dir, 'sw.js'), 'void 0;\n');
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

/** The CSP as directive → sources. */
function csp(header: string | string[] | number | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out[name] = sources;
  }
  return out;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: fakeWebDist() });
});
afterAll(() => t.close());

const get = (app: TestApp, url: string) => app.app.inject({ method: 'GET', url });

describe('security headers', () => {
  it('sends the strict CSP and the other headers on pages and the service worker', async () => {
    const answers = await Promise.all(['/', '/chats/3', '/sw.js'].map((u) => get(t, u)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    for (const res of answers) {
      const policy = csp(res.headers['content-security-policy']);
      expect(policy['default-src']).toEqual(["'self'"]);
      expect(policy['script-src']).toEqual(["'self'"]);
      expect(policy['script-src-attr']).toEqual(["'none'"]);
      expect(policy['style-src']).toEqual(["'self'"]);
      expect(policy['img-src']).toEqual([
        "'self'",
        'data:',
        'blob:',
        'https://*.tile.openstreetmap.org',
      ]);
      expect(policy['media-src']).toEqual(["'self'", 'blob:']);
      expect(policy['connect-src']).toEqual(["'self'"]);
      expect(policy['worker-src']).toEqual(["'self'"]);
      expect(policy['object-src']).toEqual(["'none'"]);
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
      expect(policy['base-uri']).toEqual(["'self'"]);
      expect(policy['form-action']).toEqual(["'self'"]);
      expect(policy).not.toHaveProperty('upgrade-insecure-requests');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['permissions-policy']).toBe(
        'geolocation=(self), camera=(self), microphone=(self), payment=(), usb=()',
      );
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      // The test app's public address is http://localhost: no HSTS.
      expect(res.headers).not.toHaveProperty('strict-transport-security');
    }
  });

  it('gives files, API answers and errors the policy that lets nothing load, and no page headers', async () => {
    const answers = await Promise.all(
      ['/offline.js', '/api/push/public-key', '/api/nothing-here', '/favicon.svg'].map((u) =>
        get(t, u),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 404, 200]);
    for (const res of answers) {
      expect(res.headers['content-security-policy']).toBe(NOT_A_PAGE_POLICY);
      expect(csp(res.headers['content-security-policy'])).toEqual({
        'default-src': ["'none'"],
        'frame-ancestors': ["'none'"],
      });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      for (const name of ['permissions-policy', 'cross-origin-opener-policy', 'referrer-policy']) {
        expect(res.headers, name).not.toHaveProperty(name);
      }
      // A few hundred bytes at most, on every one of a session's answers.
      const bytes = Object.entries(res.headers).reduce(
        (n, [k, v]) => n + k.length + String(v).length + 4,
        0,
      );
      expect(bytes).toBeLessThan(600);
    }
  });

  it('leaves the policy off a 304, so a kept page keeps the page policy', async () => {
    // The browser lays a 304's headers over the copy it kept: the service worker's copy of
    // /login.html, revalidated, must not take the policy that lets nothing load.
    const first = await get(t, '/login.html');
    expect(first.statusCode).toBe(200);
    expect(csp(first.headers['content-security-policy'])['script-src']).toEqual(["'self'"]);
    const again = await t.app.inject({
      method: 'GET',
      url: '/login.html',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers).not.toHaveProperty('content-security-policy');
  });

  it('adds HSTS and upgrades insecure requests when PUBLIC_URL is https', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://rencontre.bf' });
    try {
      for (const url of ['/', '/api/push/public-key']) {
        const res = await get(https, url);
        expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
      }
      expect(csp((await get(https, '/')).headers['content-security-policy'])).toHaveProperty(
        'upgrade-insecure-requests',
      );
    } finally {
      await https.close();
    }
  });

  it('allows images from the configured tile server and the public storage bucket only', async () => {
    const custom = await createTestApp({
      MAP_TILE_URL: 'https://tiles.example.bf/osm/{z}/{x}/{y}.png',
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_BUCKET: 'photos',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PUBLIC_URL: 'https://cdn.rencontre.bf/photos/',
    });
    try {
      const policy = csp((await get(custom, '/')).headers['content-security-policy']);
      expect(policy['img-src']).toEqual([
        "'self'",
        'data:',
        'blob:',
        'https://tiles.example.bf',
        'https://cdn.rencontre.bf',
      ]);
      expect(policy['media-src']).toEqual(["'self'", 'blob:', 'https://cdn.rencontre.bf']);
    } finally {
      await custom.close();
    }
  });

  it.each(['/api/docs', '/dev/outbox'])(
    'relaxes styles, and only styles, for %s (Swagger UI, the dev outbox)',
    async (url) => {
      const res = await get(t, url);
      expect(res.statusCode).toBe(200);
      const policy = csp(res.headers['content-security-policy']);
      expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
      expect(policy['script-src']).toEqual(["'self'"]);
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
      // Their pages load scripts, if any, as files, which 'self' allows.
      expect(res.body).not.toMatch(/<script>|<script\s+(?![^>]*\bsrc=)[^>]*>/);
    },
  );
});

describe('pages without inline scripts', () => {
  const web = path.resolve(import.meta.dirname, '../../web');
  it.each(['index.html', 'public/offline.html'])('%s loads its scripts from files', (file) => {
    const html = fs.readFileSync(path.join(web, file), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs = '', body = ''] of scripts) {
      expect(attrs).toMatch(/\bsrc=/);
      expect(body.trim()).toBe('');
    }
    // No event-handler attributes (onclick=…), which script-src-attr 'none' blocks.
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  });
});
