import { describe, expect, it } from 'vitest';
import { mayWarmScreens, warmScreens } from './screensCache';

describe('mayWarmScreens: fetch the other screens ahead of time?', () => {
  it('on Wi-Fi or a cable as the browser reports it', () => {
    expect(mayWarmScreens({ type: 'wifi' })).toBe(true);
    expect(mayWarmScreens({ type: 'ethernet' })).toBe(true);
  });

  it('never on mobile data, with the data saver, or where the browser does not say', () => {
    expect(mayWarmScreens({ type: 'cellular' })).toBe(false);
    expect(mayWarmScreens({ type: 'wifi', saveData: true })).toBe(false);
    expect(mayWarmScreens({ saveData: true })).toBe(false);
    expect(mayWarmScreens({ type: 'unknown' })).toBe(false);
    // iPhones, Firefox, most computers: taken as mobile data.
    expect(mayWarmScreens({})).toBe(false);
    expect(mayWarmScreens(undefined)).toBe(false);
    expect(mayWarmScreens({ effectiveType: '4g' })).toBe(false);
  });

  it('whatever the connection, when the member chose it', () => {
    expect(mayWarmScreens(undefined, true)).toBe(true);
    expect(mayWarmScreens({ type: 'cellular' }, true)).toBe(true);
  });
});

/** A Cache holding URLs; `add` fails for the ones listed (offline). */
function memoryCache(held: string[], failing: string[] = []) {
  const urls = new Set(held);
  const added: string[] = [];
  const cache = {
    match: async (url: string) => (urls.has(url) ? new Response('') : undefined),
    add: async (url: string) => {
      if (failing.includes(url)) throw new TypeError('Failed to fetch');
      urls.add(url);
      added.push(url);
    },
  } as unknown as Cache;
  return { cache, added };
}

describe('warmScreens', () => {
  it('fetches only what is not cached yet, one at a time', async () => {
    const { cache, added } = memoryCache(['/assets/a.js']);
    expect(await warmScreens(cache, ['/assets/a.js', '/assets/b.js', '/assets/c.css'])).toBe(2);
    expect(added).toEqual(['/assets/b.js', '/assets/c.css']);
  });

  it("skips what another cache holds (the shell's precache)", async () => {
    const { cache, added } = memoryCache([]);
    const precached = new Set(['/assets/index.js']);
    const inAny = async (url: string) => precached.has(url) || undefined;
    await warmScreens(cache, ['/assets/index.js', '/assets/Chat.js'], inAny);
    expect(added).toEqual(['/assets/Chat.js']);
  });

  it('stops at the first failure (offline), keeping what it had added', async () => {
    const { cache, added } = memoryCache([], ['/assets/b.js']);
    expect(await warmScreens(cache, ['/assets/a.js', '/assets/b.js', '/assets/c.js'])).toBe(1);
    expect(added).toEqual(['/assets/a.js']);
  });
});
