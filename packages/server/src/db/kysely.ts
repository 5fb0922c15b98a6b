/**
 * Kysely over our own `Db` facade (db.ts): one small dialect for both engines, so PostgreSQL and
 * PGlite share the same pool or instance, the same type parsers and the same transactions as the
 * code still on the facade. A Kysely transaction is the facade's `db.transaction` underneath:
 * a dedicated pool client on PostgreSQL, PGlite's exclusive transaction on the embedded engine.
 * `sqlOf` and `kyselyOf` bridge an open transaction from one side to the other. A change
 * announced through it (db/changes.ts) is handed to this copy's feed after the commit.
 */
import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type Compilable,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type LogConfig,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { Db, Param, Row, Sql, SqlRunner } from './db.js';
import type { ChangeFeed } from './change-feed.js';
import { ANNOUNCE_SQL, parseChange, type Change } from './change-notice.js';
import type { DB } from './schema.gen.js';

/** The typed database (or an open transaction: `Transaction<DB>` is one too). */
export type Database = Kysely<DB>;

/** Rejects the facade transaction when Kysely rolls back; never leaves this file. */
const ROLLBACK = Symbol('rollback');

/** The changes of an `announce` statement's payloads, each marked with the writing copy. */
function readAnnounced(params: readonly unknown[], feed: ChangeFeed | null) {
  const payloads = Array.isArray(params[0]) ? params[0] : [];
  const changes: Change[] = [];
  const marked: string[] = [];
  for (const payload of payloads) {
    const parsed = typeof payload === 'string' ? parseChange(payload) : null;
    if (!parsed) throw new Error('Annonce de changement illisible');
    changes.push(parsed.change);
    marked.push(JSON.stringify({ ...parsed.change, ...(feed ? { from: feed.origin } : {}) }));
  }
  return { changes, marked };
}

class FacadeConnection implements DatabaseConnection {
  #runner: SqlRunner;
  #finish: ((how: 'commit' | typeof ROLLBACK) => void) | null = null;
  #done: Promise<void> | null = null;
  /** Changes announced in the open transaction: heard by this copy once it commits. */
  #announced: Change[] = [];

  constructor(
    runner: SqlRunner,
    private readonly feed: ChangeFeed | null,
  ) {
    this.#runner = runner;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (query.sql === ANNOUNCE_SQL) return this.#announce(query.parameters);
    const { rows, rowCount } = await this.#runner.run(query.sql, query.parameters as Param[]);
    // Kysely's drivers hand back rows as the type the query builder computed (R).
    return { rows: rows as R[], numAffectedRows: rowCount === null ? undefined : BigInt(rowCount) };
  }

  async #announce<R>(params: readonly unknown[]): Promise<QueryResult<R>> {
    const { changes, marked } = readAnnounced(params, this.feed);
    await this.#runner.run(ANNOUNCE_SQL, [marked]);
    if (this.#finish) this.#announced.push(...changes);
    else this.feed?.heard(changes); // no transaction: the statement has committed
    return { rows: [] };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("Le flux de lignes (stream) n'est pas pris en charge");
  }

  /** Opens `db.transaction` and keeps it open until commit or rollback below. */
  begin(db: Db, settings: TransactionSettings): Promise<void> {
    const base = this.#runner;
    return new Promise<void>((started, failed) => {
      this.#done = db
        .transaction(async (tx) => {
          if (settings.isolationLevel)
            await tx.exec(`SET TRANSACTION ISOLATION LEVEL ${settings.isolationLevel}`);
          if (settings.accessMode) await tx.exec(`SET TRANSACTION ${settings.accessMode}`);
          this.#runner = tx;
          const how = await new Promise<'commit' | typeof ROLLBACK>((resolve) => {
            this.#finish = resolve;
            started();
          });
          if (how === ROLLBACK) throw ROLLBACK;
        })
        .finally(() => {
          this.#runner = base;
          this.#finish = null;
        });
      this.#done.catch(failed); // before `started`: BEGIN itself failed; after: settled by end()
    });
  }

  /** Ends the open transaction; a failed COMMIT rejects here, as Kysely expects. */
  async end(how: 'commit' | 'rollback'): Promise<void> {
    const done = this.#done;
    if (!this.#finish || !done) throw new Error('Aucune transaction ouverte');
    this.#finish(how === 'commit' ? 'commit' : ROLLBACK);
    this.#done = null;
    const announced = this.#announced;
    this.#announced = [];
    await done.catch((err: unknown) => {
      if (err !== ROLLBACK) throw err;
    });
    if (how === 'commit') this.feed?.heard(announced);
  }
}

class FacadeDriver implements Driver {
  /** `db` opens transactions; without it (a bridged facade transaction) none may be opened. */
  constructor(
    private readonly runner: SqlRunner,
    private readonly db: Db | null,
    private readonly feed: ChangeFeed | null,
  ) {}

  async init() {}
  async acquireConnection() {
    return new FacadeConnection(this.runner, this.feed);
  }
  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings) {
    if (!this.db || !(conn instanceof FacadeConnection))
      throw new Error('Transaction imbriquée : utilisez la transaction déjà ouverte');
    await conn.begin(this.db, settings);
  }
  async commitTransaction(conn: DatabaseConnection) {
    if (conn instanceof FacadeConnection) await conn.end('commit');
  }
  async rollbackTransaction(conn: DatabaseConnection) {
    if (conn instanceof FacadeConnection) await conn.end('rollback');
  }
  async releaseConnection() {}
  async destroy() {} // the facade owns the pool or PGlite and closes it (db.close)
}

function facadeDialect(runner: SqlRunner, db: Db | null, feed: ChangeFeed | null = null): Dialect {
  return {
    createDriver: () => new FacadeDriver(runner, db, feed),
    createQueryCompiler: () => new PostgresQueryCompiler(),
    createAdapter: () => new PostgresAdapter(),
    createIntrospector: (k) => new PostgresIntrospector(k),
  };
}

/**
 * The typed database over an open facade: build it once (app.ts) and share it. `log` sees each
 * query and its time (app.ts passes query-log.ts: metrics and slow queries); transactions
 * opened from it inherit it, Kysely made by `kyselyOf` does not. `changes` hears the changes
 * announced through it once committed (app.ts); without it (tools), only LISTEN hears them.
 */
export function createKysely(db: Db, log?: LogConfig, changes?: ChangeFeed): Database {
  return new Kysely<DB>({ dialect: facadeDialect(db, db, changes), ...(log ? { log } : {}) });
}

const bridged = new WeakMap<SqlRunner, Database>();

/** Kysely inside a transaction opened on the facade (`db.transaction(async (tx) => …)`). */
export function kyselyOf(tx: SqlRunner): Database {
  let k = bridged.get(tx);
  if (!k) {
    k = new Kysely<DB>({ dialect: facadeDialect(tx, null) });
    bridged.set(tx, k);
  }
  return k;
}

/**
 * The facade inside a Kysely transaction (or over Kysely itself), for code not converted yet.
 * `exec` runs one statement: multi-statement scripts (migrations) stay on `Db.exec`.
 */
export function sqlOf(k: Database): Sql {
  return {
    async query<T extends Row>(text: string, params: readonly Param[] = []) {
      const res = await k.executeQuery(CompiledQuery.raw(text, [...params]));
      return res.rows as T[]; // the facade's contract: its caller names the row type
    },
    async exec(text) {
      await k.executeQuery(CompiledQuery.raw(text));
    },
  };
}

/**
 * A statement whose shape never changes, built and compiled once, then run with a new value
 * each time (issue 31): on the lightest calls, building and compiling the query took more of
 * the server's time than the database took to answer it. `build` is called once, with a
 * stand-in for the value (it must only place it in the statement, never compute with it); the
 * stand-in's place among the compiled parameters takes each value.
 */
export function compiledOnce<V extends string | number, R>(
  db: Database,
  build: (value: V) => Compilable<R>,
): (value: V) => Promise<R[]> {
  const standIn = `\u0000compiled-once-${Math.random()}`;
  const compiled = build(standIn as V).compile();
  const at = compiled.parameters.indexOf(standIn);
  if (at < 0 || compiled.parameters.lastIndexOf(standIn) !== at) {
    throw new Error('compiledOnce: the value must appear exactly once in the statement');
  }
  return async (value) => {
    const parameters = [...compiled.parameters];
    parameters[at] = value;
    const { rows } = await db.executeQuery<R>({ ...compiled, parameters });
    return rows;
  };
}
