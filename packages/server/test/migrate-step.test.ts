/**
 * Migrations as a deploy step of their own (issue 20): `npm run migrate` applies them; a server
 * told not to migrate at start (production on PostgreSQL) checks the schema and refuses to start
 * on one older or newer than its code, with a French message saying what to do.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/index.js';
import { buildApp } from '../src/app.js';
import { createDb } from '../src/db/db.js';
import { checkSchema, migrate, migrationNames, SchemaMismatchError } from '../src/db/migrate.js';
import { runMigrate } from '../src/cli/migrate.js';
import { testConfig } from './helpers.js';
import { makeTestDir, removeTestDirs } from './temp-dirs.js';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

describe('checkSchema', () => {
  it('refuses a schema older than the code, then a newer one, and takes the same one', async () => {
    const db = await createDb({ dataDir: null });
    try {
      await expect(checkSchema(db)).rejects.toThrow(SchemaMismatchError);
      await expect(checkSchema(db)).rejects.toThrow(/plus ancien.*npm run migrate/);
      await migrate(db);
      await expect(checkSchema(db)).resolves.toBeUndefined();
      await db.query('INSERT INTO schema_migrations (name) VALUES ($1)', ['999_de_demain.sql']);
      await expect(checkSchema(db)).rejects.toThrow(/plus récent.*999_de_demain\.sql/);
    } finally {
      await db.close();
    }
  });
});

describe('when the server migrates at start', () => {
  const pgUrl = 'postgres://127.0.0.1:5432/app';
  const migrates = (env: Record<string, string>) =>
    loadConfig({ DATA_DIR: '/tmp/x', ...env }).migrateOnStart;

  it('always on the embedded database, and on PostgreSQL outside production', () => {
    expect(migrates({ NODE_ENV: 'production' })).toBe(true);
    expect(migrates({ NODE_ENV: 'production', MIGRATE_ON_START: 'off' })).toBe(true);
    expect(migrates({ NODE_ENV: 'development', DATABASE_URL: pgUrl })).toBe(true);
  });

  it('not in production on PostgreSQL, unless told to; anywhere when told not to', () => {
    expect(migrates({ NODE_ENV: 'production', DATABASE_URL: pgUrl })).toBe(false);
    expect(migrates({ NODE_ENV: 'production', DATABASE_URL: pgUrl, MIGRATE_ON_START: 'on' })).toBe(
      true,
    );
    expect(migrates({ NODE_ENV: 'test', DATABASE_URL: pgUrl, MIGRATE_ON_START: 'off' })).toBe(
      false,
    );
  });
});

describe('npm run migrate', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => removeTestDirs(d)));

  it('migrates an embedded database folder, then finds nothing to do', async () => {
    const dir = makeTestDir('migrate');
    dirs.push(dir);
    const env = { NODE_ENV: 'test', DATA_DIR: dir };
    const first = await runMigrate(env);
    expect(first).toMatchObject({ exitCode: 0 });
    expect(first.message).toContain(migrationNames().at(-1));
    expect(await runMigrate(env)).toEqual({
      exitCode: 0,
      message: 'Base déjà à jour : aucune migration en attente.',
    });
  });

  it.skipIf(!TEST_DATABASE_URL)(
    'on PostgreSQL: a server that does not migrate refuses an empty base, starts once migrated',
    async () => {
      const name = `t_${crypto.randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(TEST_DATABASE_URL ?? '');
      url.pathname = `/${name}`;
      try {
        const overrides = { DATABASE_URL: url.toString(), MIGRATE_ON_START: 'off' };
        await expect(buildApp(testConfig(overrides))).rejects.toThrow(/npm run migrate/);
        const env = { NODE_ENV: 'test', DATA_DIR: makeTestDir('migrate'), ...overrides };
        dirs.push(env.DATA_DIR);
        // Two deploy steps at once: the advisory lock lets one apply, the other find it done.
        const runs = await Promise.all([runMigrate(env), runMigrate(env)]);
        expect(runs.map((r) => r.exitCode)).toEqual([0, 0]);
        const app = await buildApp(testConfig(overrides));
        expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
        await app.close();
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    },
  );
});
