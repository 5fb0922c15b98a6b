/**
 * Test harness: a fresh database per test file — in-memory PGlite by default, or a new
 * schema-isolated database on the PostgreSQL named by TEST_DATABASE_URL (CI).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../src/config.js';
import { buildApp } from '../src/app.js';
import { createDb, type Db } from '../src/db/db.js';
import { migrate } from '../src/db/migrate.js';

// Tests are the one place besides config.ts that read the environment: to find CI's services.
const env = process.env;
export const TEST_DATABASE_URL = env.TEST_DATABASE_URL || undefined;
export const TEST_REDIS_URL = env.TEST_REDIS_URL || undefined;

/** Config for one test app: its own temporary DATA_DIR (uploads), silent logs. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rencontre-test-'));
  return loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...overrides });
}

/** A brand-new migrated database: its own PGlite, or its own PostgreSQL database. */
export async function freshDb(): Promise<{ db: Db; url?: string; drop(): Promise<void> }> {
  if (!TEST_DATABASE_URL) {
    const db = await createDb({ dataDir: null });
    await migrate(db);
    return { db, drop: () => db.close() };
  }
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const db = await createDb({ databaseUrl: url.toString(), dataDir: null });
  await migrate(db);
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.close();
      const a = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
}

export async function createTestApp(overrides: Record<string, string> = {}): Promise<TestApp> {
  const fresh = await freshDb();
  const app = await buildApp(testConfig(overrides), { db: fresh.db });
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

let counter = 0;
/** Inserts a member directly and opens a session; returns the id and a token. */
export async function createMember(
  t: TestApp,
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
  const token = await createSession(t.db, id);
  return { id, email, token };
}
