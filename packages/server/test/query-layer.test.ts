/**
 * The Kysely dialect over the database facade (db/kysely.ts), on PGlite or on the PostgreSQL of
 * TEST_DATABASE_URL: typed queries, affected-row counts, transactions that commit and roll back,
 * and the bridges between a Kysely transaction and code still on the facade.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Db } from '../src/db/db.js';
import { createKysely, kyselyOf, sqlOf, type Database } from '../src/db/kysely.js';
import { freshDb } from './helpers.js';

let fresh: Awaited<ReturnType<typeof freshDb>>;
let db: Db;
let k: Database;

beforeAll(async () => {
  fresh = await freshDb();
  db = fresh.db;
  k = createKysely(db);
});
afterAll(() => fresh.drop());

const users = (where: string) => db.query(`SELECT id FROM users WHERE email LIKE $1`, [where]);

async function addUser(q: Database, email: string) {
  const row = await q
    .insertInto('users')
    .values({ name: 'Awa', email })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('Kysely over the facade', () => {
  it('runs typed queries, BIGINT as a number, and counts the rows an UPDATE touched', async () => {
    const id = await addUser(k, 'q1@x.bf');
    expect(typeof id).toBe('number');
    const { numUpdatedRows } = await k
      .updateTable('users')
      .set({ name: 'Awa K.' })
      .where('email', '=', 'q1@x.bf')
      .executeTakeFirst();
    expect(numUpdatedRows).toBe(1n);
    const n = await k
      .selectFrom('users')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(n.n).toBeGreaterThan(0);
  });

  it('commits a transaction, and rolls it back when the callback throws', async () => {
    await k.transaction().execute((trx) => addUser(trx, 'q2-commit@x.bf'));
    await expect(
      k.transaction().execute(async (trx) => {
        await addUser(trx, 'q2-rollback@x.bf');
        throw new Error('non');
      }),
    ).rejects.toThrow('non');
    expect(await users('q2-commit@%')).toHaveLength(1);
    expect(await users('q2-rollback@%')).toHaveLength(0);
  });

  it('lets facade code join a Kysely transaction (sqlOf), and Kysely join a facade one (kyselyOf)', async () => {
    await expect(
      k.transaction().execute(async (trx) => {
        await addUser(trx, 'q3-a@x.bf');
        const seen = await sqlOf(trx).query(`SELECT id FROM users WHERE email = 'q3-a@x.bf'`);
        expect(seen).toHaveLength(1);
        throw new Error('annulé');
      }),
    ).rejects.toThrow('annulé');
    await expect(
      db.transaction(async (tx) => {
        await addUser(kyselyOf(tx), 'q3-b@x.bf');
        expect(await tx.query(`SELECT id FROM users WHERE email = 'q3-b@x.bf'`)).toHaveLength(1);
        throw new Error('annulé');
      }),
    ).rejects.toThrow('annulé');
    expect(await users('q3-%')).toHaveLength(0);
  });

  it('refuses to open a transaction inside a bridged facade transaction', async () => {
    await expect(
      db.transaction((tx) =>
        kyselyOf(tx)
          .transaction()
          .execute(async () => 1),
      ),
    ).rejects.toThrow('Transaction imbriquée');
  });

  it('passes the isolation level on, and a failed statement rolls the whole transaction back', async () => {
    const level = await k
      .transaction()
      .setIsolationLevel('serializable')
      .execute(async (trx) => {
        const { rows } = await sql<{
          level: string;
        }>`SELECT current_setting('transaction_isolation') AS level`.execute(trx);
        return rows[0]?.level;
      });
    expect(level).toBe('serializable');
    await expect(
      k.transaction().execute(async (trx) => {
        await addUser(trx, 'q4@x.bf');
        await addUser(trx, 'q4@x.bf'); // unique e-mail
      }),
    ).rejects.toThrow();
    expect(await users('q4@%')).toHaveLength(0);
  });
});
