/**
 * A facade over the real database that records every statement the app sends, for the tests
 * that hold a call to a number of database round trips. A transaction counts its BEGIN and its
 * COMMIT too: each is a round trip on PostgreSQL.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import type { Db, Param, Row, SqlRunner } from '../src/db/db.js';
import { freshDb, testConfig } from './helpers.js';

/** The statements sent through `runner`, appended to `seen`. */
function countingRunner(runner: SqlRunner, seen: string[]): SqlRunner {
  return {
    query<T extends Row>(text: string, params?: readonly Param[]) {
      seen.push(text);
      return runner.query<T>(text, params);
    },
    run(text: string, params?: readonly Param[]) {
      seen.push(text);
      return runner.run(text, params);
    },
    exec(text: string) {
      seen.push(text);
      return runner.exec(text);
    },
  };
}

/** `db`, with every statement (and each transaction's BEGIN and COMMIT) pushed to `seen`. */
function countingDb(db: Db, seen: string[]): Db {
  return {
    ...countingRunner(db, seen),
    kind: db.kind,
    async transaction(fn) {
      seen.push('BEGIN');
      const result = await db.transaction((tx) => fn(countingRunner(tx, seen)));
      seen.push('COMMIT');
      return result;
    },
    listen: (channel, handlers) => db.listen(channel, handlers),
    close: () => db.close(),
  };
}

/**
 * An app on a fresh database whose every statement is pushed to `seen`, and that database
 * itself (`db`) for the test's own setup, which is not counted.
 */
export async function countingApp(seen: string[]): Promise<{
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
}> {
  const fresh = await freshDb();
  const app = await buildApp(testConfig(), { db: countingDb(fresh.db, seen) });
  await app.ready();
  return {
    app,
    db: fresh.db,
    async close() {
      await app.close();
      await fresh.drop();
    },
  };
}
