/**
 * Migrated once per test run: the template every fresh test database is copied from (vitest
 * globalSetup of the node project). On PGlite, a gzipped dump of a migrated in-memory database
 * written to a temporary file, which each fresh database loads (a new PGlite each time); on the
 * PostgreSQL of TEST_DATABASE_URL, a migrated database that nothing connects to, copied with
 * `CREATE DATABASE … TEMPLATE` and dropped at the end of the run. Loading a copy is several
 * times faster than initdb plus every migration, and each test file makes a few.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb } from '../src/db/db.js';
import { migrate, migrationNames } from '../src/db/migrate.js';

/** Where the run's template is, as handed from the global setup to the test workers. */
export type TestTemplate =
  | { engine: 'pglite'; file: string; migrations: string[] }
  | { engine: 'postgres'; name: string; migrations: string[] };

declare module 'vitest' {
  export interface ProvidedContext {
    testTemplate: TestTemplate | null;
  }
}

/** A short fingerprint of the migration files, in names of the run's templates. */
function migrationsHash(): string {
  const dir = path.join(import.meta.dirname, '../src/db/migrations');
  const hash = crypto.createHash('sha256');
  for (const name of migrationNames())
    hash.update(name).update(fs.readFileSync(path.join(dir, name)));
  return hash.digest('hex').slice(0, 10);
}

/** A migrated in-memory PGlite, dumped as the gzipped tar that `createDb({ loadDataDir })` opens. */
export async function migratedPgliteDump(): Promise<Blob> {
  const db = await createDb({ dataDir: null });
  try {
    await migrate(db);
    const dump = await db.dumpDataDir?.();
    if (!dump) throw new Error('PGlite without dumpDataDir');
    return dump;
  } finally {
    await db.close();
  }
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * A migrated database on the server of `adminUrl`, closed to connections so that it can always
 * be copied (PostgreSQL refuses to copy a database someone is connected to).
 */
async function migratedPostgresTemplate(adminUrl: string, name: string): Promise<void> {
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await createDb({ databaseUrl: url.toString(), dataDir: null });
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
  await adminQuery(adminUrl, `ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
}

/** Vitest global setup: makes the run's template, hands it to the workers, removes it after. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL || undefined;
  const migrations = migrationNames();
  const tag = `${migrationsHash()}_${crypto.randomBytes(4).toString('hex')}`;
  if (adminUrl) {
    const name = `t_template_${tag}`;
    await migratedPostgresTemplate(adminUrl, name);
    project.provide('testTemplate', { engine: 'postgres', name, migrations });
    return () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rencontre-template-'));
  const file = path.join(dir, `pglite-${tag}.tar.gz`);
  fs.writeFileSync(file, Buffer.from(await (await migratedPgliteDump()).arrayBuffer()));
  project.provide('testTemplate', { engine: 'pglite', file, migrations });
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}
