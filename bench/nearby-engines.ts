/**
 * The nearby benchmark's two engines: a fresh PostgreSQL database (dropped at the end), seeded in
 * chunks of 250 000 members, and PGlite in a temporary DATA_DIR (removed at the end), seeded in
 * chunks of 10 000.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../packages/server/src/db/db.js';
import { benchEnv, freshPostgres, settingsOf } from './bench-app.js';

const PG_CHUNK = 250_000;
const LITE_CHUNK = 10_000;

export interface EngineSetup {
  label: string;
  db: Db;
  env: Record<string, string>;
  members: number;
  chunk: number;
  cleanUp(): Promise<void>;
}

export async function postgresEngine(members: number): Promise<EngineSetup> {
  const fresh = await freshPostgres('nearby');
  const settings = await settingsOf(fresh.db, [
    'server_version',
    'shared_buffers',
    'work_mem',
    'synchronous_commit',
  ]);
  return {
    label: `PostgreSQL (${settings}; database ${fresh.dbName})`,
    db: fresh.db,
    members,
    chunk: PG_CHUNK,
    env: benchEnv(fresh.dataDir, fresh.url),
    cleanUp: fresh.drop,
  };
}

export async function pgliteEngine(members: number): Promise<EngineSetup> {
  const { createDb } = await import('../packages/server/src/db/db.js');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rencontre-bench-nearby-lite-'));
  const db = await createDb({ dataDir });
  const version = (
    await db.query<{ v: string }>('SELECT current_setting($1) AS v', ['server_version'])
  )[0];
  let cleaned: Promise<void> | null = null;
  return {
    label: `PGlite (PostgreSQL ${version?.v}, DATA_DIR ${dataDir})`,
    db,
    members,
    chunk: LITE_CHUNK,
    env: benchEnv(dataDir),
    cleanUp: () =>
      (cleaned ??= (async () => {
        await db.close().catch(() => undefined);
        fs.rmSync(dataDir, { recursive: true, force: true });
      })()),
  };
}
