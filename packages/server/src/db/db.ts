/**
 * One SQL dialect, two engines: embedded PGlite (WASM Postgres in DATA_DIR) by default, a real
 * PostgreSQL when DATABASE_URL is set. Repositories see Kysely (db/kysely.ts, which runs on this
 * facade) or, until they are converted, the `Sql` interface below.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDirWhenFree } from './data-dir-lock.js';
import { listenOnPostgres, type ListenHandlers } from './pg-listen.js';

export type Row = Record<string, unknown>;
export type Param = string | number | boolean | null | Date | Buffer | readonly unknown[] | object;

/** Something that runs SQL: the database itself or an open transaction. */
export interface Sql {
  query<T extends Row = Row>(text: string, params?: readonly Param[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(text: string): Promise<void>;
}

/** One statement's whole answer: its rows and, for INSERT/UPDATE/DELETE, the rows it touched. */
interface SqlResult {
  rows: Row[];
  rowCount: number | null;
}

/** The facade as the Kysely dialect needs it: a statement's rows and its affected-row count. */
export interface SqlRunner extends Sql {
  run(text: string, params?: readonly Param[]): Promise<SqlResult>;
}

/** A PostgreSQL pool's connections and the queries waiting for one (metrics). */
interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
  /** Round trips to the server since start: every statement, each BEGIN, COMMIT or ROLLBACK. */
  roundTrips: number;
}

export interface Db extends SqlRunner {
  readonly kind: 'pglite' | 'postgres';
  /** The pool's state on PostgreSQL; absent on PGlite, which has no pool. */
  poolStats?(): PoolStats;
  transaction<T>(fn: (tx: SqlRunner) => Promise<T>): Promise<T>;
  /**
   * Hears the notifications of `channel` (NOTIFY, delivered at each commit) until the answered
   * function is called: on PostgreSQL over a connection of its own, on PGlite in this process.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /**
   * Embedded engine only (backups): its whole folder as a gzipped tar, taken while no
   * transaction is open, which `createDb({ loadDataDir })` opens again.
   */
  dumpDataDir?(): Promise<Blob>;
}

// pg parses BIGINT as string by default; our ids and counters fit in a JS number.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

/**
 * The database could not be reached or went away mid-query (stopped, restarting, network cut):
 * not the request's fault, answered 503 and retried by the client, unlike a bug (500).
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down, recovering)
  '53300', // too_many_connections
]);
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
  'PGlite is closed',
];

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08')))
      return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m)))
      return true;
    const nested = (e as { errors?: unknown }).errors; // AggregateError from a dual-stack connect
    if (Array.isArray(nested) && nested.some((x) => isDatabaseUnavailable(x))) return true;
    e = cause;
  }
  return false;
}

const POOL_MAX = 10;

function createPostgres(url: string): Db {
  // A database that does not answer must not hold requests: a connection is given up after 5 s.
  const pool = new pg.Pool({ connectionString: url, max: POOL_MAX, connectionTimeoutMillis: 5000 });
  // An idle client dropped by the server (restart, failover) must not crash the process: the
  // pool discards it and the next query opens a fresh connection.
  pool.on('error', () => undefined);
  let roundTrips = 0;
  const wrap = (runner: pg.Pool | pg.PoolClient): SqlRunner => ({
    async query<T extends Row>(text: string, params?: readonly Param[]) {
      roundTrips += 1;
      const res = await runner.query(text, params as unknown[] | undefined);
      return res.rows as T[];
    },
    async run(text: string, params?: readonly Param[]) {
      roundTrips += 1;
      const res = await runner.query<Row>(text, params as unknown[] | undefined);
      return { rows: res.rows, rowCount: res.rowCount };
    },
    async exec(text: string) {
      roundTrips += 1;
      await runner.query(text);
    },
  });
  return {
    kind: 'postgres',
    ...wrap(pool),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: POOL_MAX,
      roundTrips,
    }),
    async transaction<T>(fn: (tx: SqlRunner) => Promise<T>) {
      const client = await pool.connect();
      try {
        roundTrips += 1;
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        roundTrips += 1;
        await client.query('COMMIT');
        return result;
      } catch (err) {
        roundTrips += 1;
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    listen: (channel, handlers) => listenOnPostgres(url, channel, handlers),
    close: () => pool.end(),
  };
}

async function createPglite(
  dataDir: string | null,
  lockWaitMs: number,
  loadDataDir: Blob | undefined,
): Promise<Db> {
  let dir: string | undefined;
  // Nothing may open the same embedded database twice (see data-dir-lock.ts).
  const lock = dataDir ? await lockDataDirWhenFree(dataDir, lockWaitMs) : null;
  let lite: PGlite;
  try {
    if (dataDir) {
      dir = path.join(dataDir, 'pgdata');
      fs.mkdirSync(dir, { recursive: true });
    }
    lite = await PGlite.create({ ...(dir ? { dataDir: dir } : {}), loadDataDir });
    await lite.query(`SET TIME ZONE 'UTC'`);
  } catch (err) {
    lock?.release();
    throw err;
  }
  const wrap = (runner: Pick<PGlite, 'query' | 'exec'>): SqlRunner => ({
    async query<T extends Row>(text: string, params?: readonly Param[]) {
      const res = await runner.query<T>(text, params as unknown[] | undefined);
      return res.rows;
    },
    async run(text: string, params?: readonly Param[]) {
      const res = await runner.query<Row>(text, params as unknown[] | undefined);
      return { rows: res.rows, rowCount: res.affectedRows ?? null };
    },
    async exec(text: string) {
      await runner.exec(text);
    },
  });
  return {
    kind: 'pglite',
    ...wrap(lite),
    transaction: (fn) => lite.transaction((tx) => fn(wrap(tx))),
    // One process owns the embedded database: nothing can be missed, no reconnection.
    listen: (channel, handlers) => lite.listen(channel, handlers.onPayload),
    async dumpDataDir() {
      // Less to replay when the copy is opened; then, holding the transaction lock, no
      // transaction is half done in the folder while it is read.
      await lite.exec('CHECKPOINT');
      return lite._runExclusiveTransaction(() => lite.dumpDataDir('gzip'));
    },
    async close() {
      await lite.close();
      lock?.release();
    },
  };
}

/**
 * `dataDir` null gives an in-memory PGlite (tests). An embedded database in a folder another
 * live process holds is refused (DataDirLockedError), after waiting up to `lockWaitMs` for it.
 * `loadDataDir` fills a new embedded database from a `dumpDataDir()` tar (restore).
 */
export async function createDb(opts: {
  databaseUrl?: string;
  dataDir: string | null;
  lockWaitMs?: number;
  loadDataDir?: Blob;
}): Promise<Db> {
  if (opts.databaseUrl) return createPostgres(opts.databaseUrl);
  return createPglite(opts.dataDir, opts.lockWaitMs ?? 0, opts.loadDataDir);
}
