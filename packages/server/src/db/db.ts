/**
 * One SQL dialect, two engines: embedded PGlite (WASM Postgres in DATA_DIR) by default, a real
 * PostgreSQL when DATABASE_URL is set. Repositories only see the `Sql` interface below.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';

export type Row = Record<string, unknown>;
export type Param = string | number | boolean | null | Date | Buffer | readonly unknown[] | object;

/** Something that runs SQL: the database itself or an open transaction. */
export interface Sql {
  query<T extends Row = Row>(text: string, params?: readonly Param[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(text: string): Promise<void>;
}

export interface Db extends Sql {
  readonly kind: 'pglite' | 'postgres';
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

// pg parses BIGINT as string by default; our ids and counters fit in a JS number.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

function createPostgres(url: string): Db {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client dropped by the server (restart, failover) must not crash the process: the
  // pool discards it and the next query opens a fresh connection.
  pool.on('error', () => undefined);
  return {
    kind: 'postgres',
    async query<T extends Row>(text: string, params?: readonly Param[]) {
      const res = await pool.query(text, params as unknown[] | undefined);
      return res.rows as T[];
    },
    async exec(text: string) {
      await pool.query(text);
    },
    async transaction<T>(fn: (tx: Sql) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const tx: Sql = {
          async query<R extends Row>(text: string, params?: readonly Param[]) {
            const res = await client.query(text, params as unknown[] | undefined);
            return res.rows as R[];
          },
          async exec(text: string) {
            await client.query(text);
          },
        };
        const result = await fn(tx);
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

async function createPglite(dataDir: string | null): Promise<Db> {
  let dir: string | undefined;
  if (dataDir) {
    dir = path.join(dataDir, 'pgdata');
    fs.mkdirSync(dir, { recursive: true });
  }
  const lite = await PGlite.create(dir ? { dataDir: dir } : {});
  await lite.query(`SET TIME ZONE 'UTC'`);
  const wrap = (runner: Pick<PGlite, 'query' | 'exec'>): Sql => ({
    async query<T extends Row>(text: string, params?: readonly Param[]) {
      const res = await runner.query<T>(text, params as unknown[] | undefined);
      return res.rows;
    },
    async exec(text: string) {
      await runner.exec(text);
    },
  });
  return {
    kind: 'pglite',
    ...wrap(lite),
    transaction: (fn) => lite.transaction((tx) => fn(wrap(tx))),
    close: () => lite.close(),
  };
}

/** `dataDir` null gives an in-memory PGlite (tests). */
export async function createDb(opts: {
  databaseUrl?: string;
  dataDir: string | null;
}): Promise<Db> {
  if (opts.databaseUrl) return createPostgres(opts.databaseUrl);
  return createPglite(opts.dataDir);
}

export async function one<T extends Row>(sql: Sql, text: string, params?: readonly Param[]) {
  const rows = await sql.query<T>(text, params);
  return rows[0];
}
