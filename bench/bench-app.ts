/**
 * The server side of the feed and nearby benchmarks: a fresh PostgreSQL database next to the one
 * named by BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), dropped at the
 * end, and the app started in this process on a free port, silent and without the demo seed.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { buildApp } from '../packages/server/src/app.js';
import type { Db } from '../packages/server/src/db/db.js';

export type BenchApp = Awaited<ReturnType<typeof buildApp>>;

export interface FreshDatabase {
  db: Db;
  dbName: string;
  url: string;
  /** A temporary DATA_DIR for the app. */
  dataDir: string;
  /** Closes the database, drops it and removes the DATA_DIR (once, however often called). */
  drop(): Promise<void>;
}

/** Database bench_`name`_(time), with DATA_DIR rencontre-bench-`name`-… in the temp folder. */
export async function freshPostgres(name: string): Promise<FreshDatabase> {
  const { createDb } = await import('../packages/server/src/db/db.js');
  // Benchmarks, like tests, may read the environment to find their database server.
  const adminUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const dbName = `bench_${name}_${Date.now()}`;
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const admin = await createDb({ databaseUrl: adminUrl, dataDir: null });
  await admin.query(`CREATE DATABASE ${dbName}`);
  const db = await createDb({ databaseUrl: url.toString(), dataDir: null });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `rencontre-bench-${name}-`));
  let dropped: Promise<void> | null = null;
  const drop = () =>
    (dropped ??= (async () => {
      await db.close().catch(() => undefined);
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch((err: unknown) => {
        console.error(`could not drop ${dbName}: ${String(err)}`);
      });
      await admin.close().catch(() => undefined);
      fs.rmSync(dataDir, { recursive: true, force: true });
    })());
  return { db, dbName, url: url.toString(), dataDir, drop };
}

/** "name=setting, …" of the server's settings `names`, in that order. */
export async function settingsOf(db: Db, names: readonly string[]): Promise<string> {
  const rows = await db.query<{ name: string; setting: string }>(
    `SELECT name, current_setting(name) AS setting FROM unnest($1::text[]) AS name`,
    [names],
  );
  return rows.map((r) => `${r.name}=${r.setting}`).join(', ');
}

/** The app's environment: production, on `dataDir` (and PostgreSQL at `databaseUrl`, if given). */
export const benchEnv = (dataDir: string, databaseUrl?: string): Record<string, string> => ({
  NODE_ENV: 'production',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  DATA_DIR: dataDir,
  DEMO_SEED: 'off',
  LOG_LEVEL: 'silent',
  PAYMENT_RECONCILE_INTERVAL_S: '0',
});

/** The app on `db`, listening on a free port of 127.0.0.1. */
export async function startApp(
  db: Db,
  env: Record<string, string>,
): Promise<{ app: BenchApp; origin: string }> {
  const { loadConfig } = await import('../packages/server/src/config/index.js');
  const { buildApp } = await import('../packages/server/src/app.js');
  const app = await buildApp(loadConfig(env), { db });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (err) {
    await app.close().catch(() => undefined);
    throw err;
  }
  const { port } = app.server.address() as AddressInfo;
  return { app, origin: `http://127.0.0.1:${port}` };
}
