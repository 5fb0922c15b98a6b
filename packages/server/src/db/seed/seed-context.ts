/**
 * What every demo seed step gets and must provide. Each step knows whether its data is already
 * there, so the seed can run at every start: a step runs once, and a step added later by a new
 * feature still runs on an existing development database.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Sql } from '../db.js';
import type { Storage } from '../../adapters/storage/storage.js';

export interface SeedContext {
  db: Db;
  log: FastifyBaseLogger;
  storage: Storage;
  /** One clock for the whole run. */
  now: Date;
}

export interface SeedStep {
  name: string;
  /** True when this step's rows exist; checked again under the seed lock before inserting. */
  isDone(sql: Sql): Promise<boolean>;
  /** Seeds and returns how many rows it added (0 when another server copy got there first). */
  run(ctx: SeedContext): Promise<number>;
}

const SEED_LOCK = 724_002;

/**
 * Runs `insert` in one transaction holding the seed lock, unless `isDone` says another server
 * copy has already seeded this step. Files go to storage before this: only rows are locked.
 */
export function insertOnce(
  db: Db,
  isDone: (sql: Sql) => Promise<boolean>,
  insert: (tx: Sql) => Promise<number>,
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    if (await isDone(tx)) return 0;
    return insert(tx);
  });
}

/** Runs `fn` over `items`, `size` at a time (keeps sharp's thread pool busy, memory bounded). */
export async function inBatches<T, R>(
  items: readonly T[],
  size: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) {
    out.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  }
  return out;
}
