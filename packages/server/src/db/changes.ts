/**
 * A change announces itself where it is written. A repository function that writes what a copy
 * remembers (db/short-cache.ts: session lookups, own profiles) or what keeps a socket open calls
 * `announce(db, change)` with the same `db` it wrote with: inside a transaction the notice
 * leaves with the commit and is dropped by a rollback. Underneath it is PostgreSQL's NOTIFY on
 * one channel: every copy LISTENs (db/change-feed.ts), whether Redis is there or not; the copy
 * that wrote hears it at once, before the transaction's `execute` returns (db/kysely.ts).
 * `test/announced-writes.test.ts` fails when a repository writes a cached column without it.
 */
import { CompiledQuery } from 'kysely';
import type { Database } from './kysely.js';
import { ANNOUNCE_SQL, type Change } from './change-notice.js';

/** Announces the changes, with the commit of `db` when `db` is a transaction. */
export async function announce(db: Database, ...changes: Change[]): Promise<void> {
  if (changes.length === 0) return;
  const payloads = [...new Set(changes.map((c) => JSON.stringify(c)))];
  await db.executeQuery(CompiledQuery.raw(ANNOUNCE_SQL, [payloads]));
}

/** One change of `kind` per id (a block of several accounts, the targets of deleted likes). */
export const changesOf = (kind: 'member' | 'access', ids: Iterable<number>): Change[] =>
  [...new Set(ids)].map((id) => (kind === 'member' ? { member: id } : { access: id }));
