/**
 * Test harness: a fresh database per test file — in-memory PGlite by default, or a new
 * schema-isolated database on the PostgreSQL named by TEST_DATABASE_URL (CI). Fresh databases
 * are copies of the run's migrated template (template-db.ts), not migrated one by one.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../src/config/index.js';
import { buildApp, type AppDeps } from '../src/app.js';
import { createDb, type Db } from '../src/db/db.js';
import { migrate, migrationNames } from '../src/db/migrate.js';
import { makeTestDir, removeTestDirs } from './temp-dirs.js';
import type { TestTemplate } from './template-db.js';
import { listen } from './sockets.js';

// Tests are the one place besides config/index.ts that read the environment: to find CI's services.
const env = process.env;
export const TEST_DATABASE_URL = env.TEST_DATABASE_URL || undefined;
export const TEST_REDIS_URL = env.TEST_REDIS_URL || undefined;

/**
 * Config for one test app: its own temporary DATA_DIR (uploads), silent logs. Closing the app
 * made by createTestApp removes the folder; test/setup.ts removes the others after the file.
 */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', DATA_DIR: makeTestDir('test'), ...overrides });
}

/**
 * The run's migrated template, when the global setup made one for these very migrations; null
 * outside it (mutation runs, benches), where fresh databases are migrated one by one.
 */
export function runTemplate(): TestTemplate | null {
  let template: TestTemplate | null;
  try {
    template = inject('testTemplate') ?? null;
  } catch {
    return null; // not under the vitest runner
  }
  const same = template?.migrations.join('\n') === migrationNames().join('\n');
  return template && same ? template : null;
}

/**
 * On PostgreSQL (TEST_DATABASE_URL), a new database and its address, and how to drop it: empty,
 * or a copy of `template`; null on PGlite, where a new database is a new folder or an in-memory one.
 */
async function newPostgresDatabase(template?: string): Promise<{
  url: string;
  drop(): Promise<void>;
} | null> {
  if (!TEST_DATABASE_URL) return null;
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const a = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/**
 * On PostgreSQL (TEST_DATABASE_URL), a new database without any table, its address, and how to
 * drop it; null on PGlite, where a new database is a new folder or an in-memory one.
 */
export function emptyPostgresDatabase() {
  return newPostgresDatabase();
}

// This worker's copy of the run's migrated PGlite dump, read once.
let pgliteDump: Promise<Blob> | undefined;
function templateDump(file: string): Promise<Blob> {
  pgliteDump ??= fs.promises.readFile(file).then((bytes) => new Blob([bytes]));
  return pgliteDump;
}

/**
 * A brand-new migrated database: its own PGlite, or its own PostgreSQL database. `from` says
 * whether it was copied from the run's template or migrated on its own.
 */
export async function freshDb(): Promise<{
  db: Db;
  url?: string;
  from: 'template' | 'migrations';
  drop(): Promise<void>;
}> {
  const template = runTemplate();
  if (!TEST_DATABASE_URL) {
    if (template?.engine !== 'pglite') {
      const db = await createDb({ dataDir: null });
      await migrate(db);
      return { db, from: 'migrations', drop: () => db.close() };
    }
    // A new PGlite each time, filled from the dump: nothing is shared between two of them.
    const db = await createDb({ dataDir: null, loadDataDir: await templateDump(template.file) });
    return { db, from: 'template', drop: () => db.close() };
  }
  const copyOf = template?.engine === 'postgres' ? template.name : undefined;
  const fresh = await newPostgresDatabase(copyOf);
  if (!fresh) throw new Error('unreachable: TEST_DATABASE_URL is set');
  const db = await createDb({ databaseUrl: fresh.url, dataDir: null });
  if (!copyOf) await migrate(db);
  return {
    db,
    url: fresh.url,
    from: copyOf ? 'template' : 'migrations',
    async drop() {
      await db.close();
      await fresh.drop();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** The app's temporary DATA_DIR, gone once closed. */
  dataDir: string;
  close(): Promise<void>;
}

/** An app on a fresh database; `deps` gives it outside parts of a test's own (a push agent). */
export async function createTestApp(
  overrides: Record<string, string> = {},
  deps: Omit<AppDeps, 'db'> = {},
): Promise<TestApp> {
  const fresh = await freshDb();
  const config = testConfig(overrides);
  const app = await buildApp(config, { ...deps, db: fresh.db });
  await app.ready();
  return {
    app,
    db: fresh.db,
    dataDir: config.dataDir,
    async close() {
      await app.close();
      await fresh.drop();
      removeTestDirs(config.dataDir);
    },
  };
}

let counter = 0;
/** Inserts a member directly and opens a session; returns the id and a token. */
export async function createMember(
  t: Pick<TestApp, 'db'>,
  fields: Partial<{
    email: string;
    name: string;
    blocked: boolean;
    coins: number;
    complete: boolean;
  }> = {},
) {
  counter += 1;
  const email = fields.email ?? `membre${counter}-${crypto.randomBytes(3).toString('hex')}@test.bf`;
  const rows = await t.db.query<{ id: number }>(
    `INSERT INTO users (email, name, email_verified_at, coins, blocked_at, profile_completed_at)
     VALUES ($1, $2, now(), $3, $4, CASE WHEN $5::boolean THEN now() END) RETURNING id`,
    [
      email,
      fields.name ?? `Membre ${counter}`,
      fields.coins ?? 0,
      fields.blocked ? new Date() : null,
      fields.complete ?? true,
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert failed');
  const { createSession } = await import('../src/auth/session.repository.js');
  const { kyselyOf } = await import('../src/db/kysely.js');
  const token = await createSession(kyselyOf(t.db), id);
  return { id, email, token };
}

/** A test app listening on a free port, with one moderator of the console (the queues' tests). */
export async function createConsoleApp() {
  const t = await createTestApp();
  const moderator = await createMember(t, { name: 'Modo' });
  await t.db.query(`UPDATE users SET role = 'moderator' WHERE id = $1`, [moderator.id]);
  return { t, moderator, url: await listen(t.app) };
}

/** POST /api`url` with a JSON body, as the member of `token` when given. */
export function postJson(app: FastifyInstance, url: string, body: object, token?: string) {
  return app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload: body,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/** The member resets their password with an e-mail code (every session of theirs ends). */
export async function resetPassword(app: FastifyInstance, m: { id: number; email: string }) {
  const { issueCode } = await import('../src/modules/auth/codes.js');
  const code = await issueCode(app.deps.db, m.id, 'reset', new Date());
  return postJson(app, '/password/reset', { email: m.email, code, password: 'Nouveau-Baobab-7' });
}

/** A logger for adapters built outside an app, that keeps test output quiet. */
export const silentLog = { warn: () => undefined, info: () => undefined };

export interface TwoCopies {
  /** Copy A and copy B of the app on one database, sharing Redis under a prefix of their own. */
  copies: [FastifyInstance, FastifyInstance];
  /** Copy A as a TestApp (createMember and friends write through its database). */
  a: TestApp;
  close(): Promise<void>;
}

/**
 * Two server copies behind one Redis (TEST_REDIS_URL; without it, each copy reaches only its
 * own sockets), as two processes would run: copy B opens
 * its own pool on PostgreSQL, or shares the in-process PGlite, which only one owner can open.
 */
export async function createTwoCopies(
  redisUrl: string | undefined,
  overrides: Record<string, string> = {},
): Promise<TwoCopies> {
  const fresh = await freshDb();
  // A prefix of its own, so concurrent runs sharing the Redis never see each other's events.
  const prefix = `t${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const redis: Record<string, string> = redisUrl
    ? { REDIS_URL: redisUrl, REDIS_PREFIX: prefix }
    : {};
  const config = testConfig({ ...redis, ...overrides });
  const copyA = await buildApp(config, { db: fresh.db });
  const configB = fresh.url
    ? testConfig({ ...redis, ...overrides, DATABASE_URL: fresh.url })
    : config;
  const copyB = await buildApp(configB, fresh.url ? {} : { db: fresh.db });
  return {
    copies: [copyA, copyB],
    a: { app: copyA, db: fresh.db, dataDir: config.dataDir, close: async () => undefined },
    async close() {
      await Promise.all([copyA.close(), copyB.close()]);
      await fresh.drop();
      removeTestDirs(config.dataDir);
      removeTestDirs(configB.dataDir);
    },
  };
}
