/**
 * Signed links to private chat media: a link works for a day from the next whole hour, only for
 * the file it was made for, and not a second after it expires; any change to it is a 404.
 * Part of the media-signing module of npm run test:mutation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signMediaUrl, verifyMediaSignature } from '../../src/modules/chats/media.js';
import { createTestApp, type TestApp } from '../helpers.js';

let t: TestApp;
const KEY = 'private/chats/1/voix.m4a';
const OTHER = 'private/chats/2/photo.webp';
beforeAll(async () => {
  t = await createTestApp();
  await t.app.deps.storage.put(KEY, Buffer.from('voix'), 'audio/mp4');
  await t.app.deps.storage.put(OTHER, Buffer.from('photo'), 'image/webp');
});
afterAll(() => t.close());

const HOUR = 3600;
const partsOf = (url: string) => {
  const u = new URL(url, 'http://127.0.0.1');
  return {
    path: u.pathname,
    exp: Number(u.searchParams.get('exp')),
    sig: u.searchParams.get('sig') ?? '',
  };
};
const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('signed media links', () => {
  it('serve the file for a day counted from the next whole hour', async () => {
    const now = Date.UTC(2026, 0, 10, 8, 20, 5);
    const url = signMediaUrl(t.app.deps, KEY, now);
    const { path, exp } = partsOf(url);
    expect(path).toBe(`/api/media/${KEY}`);
    expect(exp).toBe(Date.UTC(2026, 0, 10, 9) / 1000 + 24 * HOUR);
    // Within the same hour the link is the same, so the browser's cache keeps working.
    expect(signMediaUrl(t.app.deps, KEY, now + 30 * 60_000)).toBe(url);
    expect(signMediaUrl(t.app.deps, KEY, Date.UTC(2026, 0, 10, 9, 0, 1))).not.toBe(url);

    const res = await get(signMediaUrl(t.app.deps, KEY));
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('voix');
  });

  it('hold until their last second and not after', () => {
    const { exp, sig } = partsOf(signMediaUrl(t.app.deps, KEY));
    expect(verifyMediaSignature(t.app.deps, KEY, exp, sig, exp * 1000)).toBe(true);
    expect(verifyMediaSignature(t.app.deps, KEY, exp, sig, exp * 1000 + 1)).toBe(false);
  });

  it('refuse an expired link', async () => {
    const old = signMediaUrl(t.app.deps, KEY, Date.now() - 3 * 24 * HOUR * 1000);
    expect((await get(old)).statusCode).toBe(404);
  });

  it('refuse a link made for another file, another expiry or with a changed signature', async () => {
    const { exp, sig } = partsOf(signMediaUrl(t.app.deps, KEY));
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    for (const url of [
      `/api/media/${OTHER}?exp=${exp}&sig=${sig}`,
      `/api/media/${KEY}?exp=${exp + HOUR}&sig=${sig}`,
      `/api/media/${KEY}?exp=${exp}&sig=${flipped}`,
      `/api/media/${KEY}?exp=${exp}&sig=${sig.slice(0, -2)}`,
      `/api/media/${KEY}?exp=${exp}.5&sig=${sig}`,
      `/api/media/${KEY}?exp=${exp}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Fichier introuvable' });
    }
    expect(verifyMediaSignature(t.app.deps, KEY, exp + 0.5, sig)).toBe(false);
  });
});
