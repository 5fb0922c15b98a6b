/**
 * Every write to what a copy remembers announces itself. The cached columns are read from the
 * SQL of the lookups that are remembered or keep a socket open (the session lookup, the own
 * profile, the sockets' session check); the writers are every function of packages/server/src
 * holding a write statement on those columns (test/cached-writers.ts). Each of them must call
 * `announce` (src/db/changes.ts) in its own body, so a new repository function that writes, say,
 * `users.blocked_at` and forgets fails here, by name.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db.js';
import { createKysely } from '../src/db/kysely.js';
import { findLiveSessionIds, findSessionUserByHash } from '../src/auth/session.repository.js';
import { findOwnProfile } from '../src/modules/profiles/profile.repository.js';
import { freshDb } from './helpers.js';
import { writersInSource, writersUnder, type Write, type Writer } from './cached-writers.js';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

/**
 * Left out of the scan: the demo seed and the migrations fill a database before any copy serves
 * it, so nothing is remembered yet.
 */
const NOT_SERVING = ['db/seed', 'db/migrations'];

/**
 * A new row of these tables is never remembered before it exists (an unknown token, a missing
 * member are asked for each time): inserting one changes nothing a copy holds.
 */
const KEYED_BY_ROW = new Set(['users', 'sessions']);

type CachedColumns = Map<string, Set<string>>;

/** The tables and columns named by the SQL of the remembered lookups. */
async function cachedColumns(db: Db): Promise<CachedColumns> {
  const seen: string[] = [];
  const k = createKysely(db, (event) => void seen.push(event.query.sql));
  await findSessionUserByHash(k, 'x');
  await findOwnProfile(k, 1);
  await findLiveSessionIds(k, [1]);
  const text = seen.join('\n');
  const tables = new Set([...text.matchAll(/\b(?:from|join)\s+"(\w+)"/gi)].map((m) => m[1]));
  const names = new Set([...text.matchAll(/"(\w+)"/g)].map((m) => m[1]));
  const rows = await db.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name = ANY($1::text[])`,
    [[...tables]],
  );
  const cached: CachedColumns = new Map();
  for (const r of rows) {
    if (!names.has(r.column_name)) continue;
    if (!cached.has(r.table_name)) cached.set(r.table_name, new Set());
    cached.get(r.table_name)?.add(r.column_name);
  }
  return cached;
}

/** The cached columns a write touches ('*': all the table's). */
function cachedWritten(w: Write, cached: CachedColumns): string[] {
  const columns = cached.get(w.table);
  if (!columns || (w.kind === 'insert' && KEYED_BY_ROW.has(w.table))) return [];
  return w.columns.includes('*') ? [...columns] : w.columns.filter((c) => columns.has(c));
}

const writersOfCached = (writers: Writer[], cached: CachedColumns) =>
  writers
    .map((w) => ({
      at: `${w.file} ${w.fn}`,
      columns: [
        ...new Set(w.writes.flatMap((x) => cachedWritten(x, cached).map((c) => `${x.table}.${c}`))),
      ],
      announces: w.announces,
    }))
    .filter((w) => w.columns.length > 0);

describe('writes to cached columns announce themselves', () => {
  let db: Db;
  let drop: () => Promise<void>;
  let cached: CachedColumns;
  beforeAll(async () => {
    ({ db, drop } = await freshDb());
    cached = await cachedColumns(db);
  });
  afterAll(() => drop());

  it('reads the cached columns from the remembered lookups', () => {
    expect([...(cached.get('users') ?? [])]).toEqual(
      expect.arrayContaining(['blocked_at', 'role', 'coins', 'name', 'photo_key']),
    );
    expect([...(cached.get('sessions') ?? [])]).toContain('revoked_at');
    expect([...(cached.get('swipes') ?? [])]).toEqual(
      expect.arrayContaining(['target_id', 'action']),
    );
    expect([...(cached.get('coin_movements') ?? [])]).toContain('reason');
    // Not shown by any remembered lookup: the heartbeat's column.
    expect(cached.get('users')?.has('last_seen_at')).toBe(false);
  });

  it('finds the known writers, in Kysely and in SQL text', () => {
    const names = writersOfCached(writersUnder(SRC, NOT_SERVING), cached).map((w) => w.at);
    for (const known of [
      'auth/session.repository.ts revokeSession',
      'modules/admin/members.repository.ts setBlocked',
      'modules/auth/users.repository.ts blockUsers',
      'modules/swipes/swipe.repository.ts recordSwipe',
      'modules/profiles/profile-update.repository.ts updateProfileFields',
      'modules/coins/ledger.repository.ts insertMovement',
    ])
      expect(names).toContain(known);
  });

  it('every function writing a cached column calls announce', () => {
    const silent = writersOfCached(writersUnder(SRC, NOT_SERVING), cached).filter(
      (w) => !w.announces,
    );
    expect(silent).toEqual([]);
  });

  it('names a new writer that forgets to announce, and not one that does', () => {
    const source = `
      import { announce } from '../../db/changes.js';
      export async function setSilently(db, id) {
        await db.updateTable('users').set({ blocked_at: null }).where('id', '=', id).execute();
      }
      export async function raiseRaw(db, id) {
        await sql\`UPDATE users u SET coins = coins + 1, updated_at = now() WHERE u.id = \${id}\`.execute(db);
      }
      export async function setAloud(db, id) {
        await db.updateTable('users').set({ role: 'admin' }).where('id', '=', id).execute();
        await announce(db, { access: id });
      }
      export const seen = (db, id) =>
        db.updateTable('users').set({ last_seen_at: now }).where('id', '=', id).execute();`;
    const found = writersOfCached(writersInSource('new.repository.ts', source), cached);
    expect(found).toEqual([
      { at: 'new.repository.ts setSilently', columns: ['users.blocked_at'], announces: false },
      { at: 'new.repository.ts raiseRaw', columns: ['users.coins'], announces: false },
      { at: 'new.repository.ts setAloud', columns: ['users.role'], announces: true },
    ]);
  });
});
