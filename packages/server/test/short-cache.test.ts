/**
 * The few seconds' memory behind the session and profile caches (db/short-cache.ts): a value
 * lives at most its time to live, goes at once when one of its tags is forgotten — even while
 * it is still being read from the database — and the memory never holds more than its bound.
 */
import { describe, expect, it } from 'vitest';
import { createShortCache } from '../src/db/short-cache.js';

interface Row {
  id: number;
  session: number;
  blocked?: boolean;
}

function cacheAt(maxEntries = 100) {
  const clock = { ms: 1_000 };
  const cache = createShortCache<Row>({
    ttlMs: 3000,
    maxEntries,
    tagsOf: (r) => [`member:${r.id}`, `session:${r.session}`],
    keep: (r) => !r.blocked,
    now: () => clock.ms,
  });
  return { cache, clock };
}

/** A read the test answers when it wants, to stand for a query still on its way. */
function pendingRead() {
  let answer: (row: Row) => void = () => undefined;
  const read = new Promise<Row>((resolve) => (answer = resolve));
  return { read: () => read, answer: (row: Row) => answer(row) };
}

describe('short cache', () => {
  it('answers what it read, until its time to live has passed', async () => {
    const { cache, clock } = cacheAt();
    const row = { id: 1, session: 10 };
    expect(await cache.remember('a', async () => row)).toBe(row);
    clock.ms += 2999;
    expect(cache.get('a')).toBe(row);
    clock.ms += 1;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('forgets by member or by session, and only the values so tagged', async () => {
    const { cache } = cacheAt();
    await cache.remember('a', async () => ({ id: 1, session: 10 }));
    await cache.remember('b', async () => ({ id: 1, session: 11 }));
    await cache.remember('c', async () => ({ id: 2, session: 12 }));
    cache.forget('session:10');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
    cache.forget('member:1');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toEqual({ id: 2, session: 12 });
  });

  it('does not keep a value still being read when its member or session is forgotten', async () => {
    const { cache } = cacheAt();
    const slow = pendingRead();
    const remembered = cache.remember('a', slow.read);
    cache.forget('session:10');
    slow.answer({ id: 1, session: 10 });
    // The caller gets what the database said; the copy does not remember it.
    expect(await remembered).toEqual({ id: 1, session: 10 });
    expect(cache.get('a')).toBeUndefined();
    // A read begun after the notice is kept.
    await cache.remember('a', async () => ({ id: 1, session: 10 }));
    expect(cache.get('a')).toBeDefined();
  });

  it('keeps a value being read when another member is forgotten meanwhile', async () => {
    const { cache } = cacheAt();
    const slow = pendingRead();
    const remembered = cache.remember('a', slow.read);
    cache.forget('member:2');
    slow.answer({ id: 1, session: 10 });
    await remembered;
    expect(cache.get('a')).toBeDefined();
  });

  it('does not keep a read that took longer than the time to live', async () => {
    const { cache, clock } = cacheAt();
    const slow = pendingRead();
    const remembered = cache.remember('a', slow.read);
    clock.ms += 3000;
    slow.answer({ id: 1, session: 10 });
    await remembered;
    expect(cache.get('a')).toBeUndefined();
  });

  it('never remembers what `keep` refuses, nor an unknown key', async () => {
    const { cache } = cacheAt();
    expect(await cache.remember('a', async () => ({ id: 1, session: 10, blocked: true }))).toEqual({
      id: 1,
      session: 10,
      blocked: true,
    });
    expect(await cache.remember('b', async () => undefined)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('holds at most its bound, making room by dropping the oldest', async () => {
    const { cache } = cacheAt(3);
    for (let i = 1; i <= 5; i++) await cache.remember(`k${i}`, async () => ({ id: i, session: i }));
    expect(cache.size).toBe(3);
    expect(cache.get('k1')).toBeUndefined();
    expect(cache.get('k2')).toBeUndefined();
    expect(cache.get('k5')).toBeDefined();
  });

  it('keeps no read begun before its notices overflowed the bound', async () => {
    const { cache } = cacheAt(3);
    const slow = pendingRead();
    const remembered = cache.remember('a', slow.read);
    // Four notices about member 1 and others: the first mark is dropped for room.
    for (const tag of ['member:1', 'member:7', 'member:8', 'member:9']) cache.forget(tag);
    slow.answer({ id: 1, session: 10 });
    await remembered;
    expect(cache.get('a')).toBeUndefined();
  });
});
