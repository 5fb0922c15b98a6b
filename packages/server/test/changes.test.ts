/**
 * How a change announces itself (src/db/changes.ts): a change announced in a transaction is
 * heard by the writing copy when the transaction's `execute` returns, never before the commit
 * and never after a rollback, and by every other copy of the database through LISTEN, once.
 * On PostgreSQL, a listening connection that drops comes back and says changes may have been
 * missed.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../src/db/db.js';
import { createKysely, type Database } from '../src/db/kysely.js';
import { createChangeFeed, type ChangeFeed } from '../src/db/change-feed.js';
import { announce } from '../src/db/changes.js';
import type { Change } from '../src/db/change-notice.js';
import { freshDb, silentLog, TEST_DATABASE_URL } from './helpers.js';

interface Copy {
  feed: ChangeFeed;
  db: Database;
  heard: Change[];
}

async function copyOn(db: Db): Promise<Copy> {
  const feed = await createChangeFeed(db, silentLog);
  const heard: Change[] = [];
  feed.listen((change) => heard.push(change));
  return { feed, db: createKysely(db, undefined, feed), heard };
}

describe('a change announces itself', () => {
  let db: Db;
  let drop: () => Promise<void>;
  let a: Copy;
  let b: Copy;
  beforeAll(async () => {
    ({ db, drop } = await freshDb());
    [a, b] = [await copyOn(db), await copyOn(db)];
  });
  afterAll(async () => {
    await a.feed.close();
    await b.feed.close();
    await drop();
  });

  /** Waits until `copy` heard `change`: every notification committed before it arrived too. */
  const heardBy = (copy: Copy, change: Change) =>
    vi.waitFor(() => expect(copy.heard).toContainEqual(change), { timeout: 5000, interval: 10 });

  it('is heard by the writing copy at the commit, and once by the other', async () => {
    const seenInside: Change[][] = [];
    await a.db.transaction().execute(async (trx) => {
      await announce(trx, { member: 1 }, { access: 2 });
      seenInside.push([...a.heard]);
    });
    expect(seenInside).toEqual([[]]);
    expect(a.heard).toEqual([{ member: 1 }, { access: 2 }]);
    await heardBy(b, { access: 2 });
    // B's own change reaches A after A's echo would have: A skipped its own.
    await announce(b.db, { session: 3 });
    await heardBy(a, { session: 3 });
    expect(a.heard).toEqual([{ member: 1 }, { access: 2 }, { session: 3 }]);
    expect(b.heard).toEqual([{ member: 1 }, { access: 2 }, { session: 3 }]);
  });

  it('is not heard at all when the transaction rolls back', async () => {
    a.heard.length = 0;
    b.heard.length = 0;
    await expect(
      a.db.transaction().execute(async (trx) => {
        await announce(trx, { member: 99 });
        throw new Error('annulé');
      }),
    ).rejects.toThrow('annulé');
    await announce(a.db, { member: 4 });
    await heardBy(b, { member: 4 });
    expect(a.heard).toEqual([{ member: 4 }]);
    expect(b.heard).toEqual([{ member: 4 }]);
  });

  it('is heard by every copy when written by a tool without a feed', async () => {
    a.heard.length = 0;
    await announce(createKysely(db), { access: 5 });
    await heardBy(a, { access: 5 });
    await heardBy(b, { access: 5 });
  });

  it.skipIf(!TEST_DATABASE_URL)(
    'says changes may have been missed when the listening connection comes back (PostgreSQL)',
    async () => {
      let missed = 0;
      a.feed.onMaybeMissed(() => (missed += 1));
      await db.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND query ILIKE 'LISTEN %'
            AND pid <> pg_backend_pid()`,
      );
      await vi.waitFor(() => expect(missed).toBeGreaterThan(0), { timeout: 10_000 });
      b.heard.length = 0;
      await announce(b.db, { member: 6 });
      await heardBy(a, { member: 6 });
    },
  );
});
