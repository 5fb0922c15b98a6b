/**
 * Fresh test databases are copies of the run's migrated template (template-db.ts): each one is
 * at the latest migration, and none sees what another wrote, on PGlite and on the PostgreSQL of
 * TEST_DATABASE_URL alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSchema, migrationNames } from '../src/db/migrate.js';
import { freshDb, runTemplate, TEST_DATABASE_URL } from './helpers.js';

type Fresh = Awaited<ReturnType<typeof freshDb>>;

describe('a fresh test database', () => {
  const made: Fresh[] = [];
  let a: Fresh;
  let b: Fresh;
  beforeAll(async () => {
    a = await freshDb();
    b = await freshDb();
    made.push(a, b);
  });
  afterAll(async () => {
    for (const fresh of made) await fresh.drop();
  });

  it('is copied from the template the run migrated once, on the engine of the run', () => {
    const template = runTemplate();
    expect(template?.engine).toBe(TEST_DATABASE_URL ? 'postgres' : 'pglite');
    expect(template?.migrations).toEqual(migrationNames());
    expect([a.from, b.from]).toEqual(['template', 'template']);
  });

  it('is at the latest migration, with every migration applied once', async () => {
    for (const fresh of [a, b]) {
      await expect(checkSchema(fresh.db)).resolves.toBeUndefined();
      const rows = await fresh.db.query<{ name: string }>(
        'SELECT name FROM schema_migrations ORDER BY name',
      );
      expect(rows.map((r) => r.name)).toEqual(migrationNames());
    }
  });

  it('keeps its rows to itself: neither the other copy nor a later one sees them', async () => {
    const email = `isolee-${Date.now()}@test.bf`;
    await a.db.query(`INSERT INTO users (email, name) VALUES ($1, 'Isolée')`, [email]);
    const count = async (f: Fresh) =>
      (
        await f.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE email = $1', [
          email,
        ])
      )[0]?.n;
    expect(await count(a)).toBe(1);
    expect(await count(b)).toBe(0);
    const later = await freshDb();
    made.push(later);
    expect(await count(later)).toBe(0);
    expect((await later.db.query('SELECT id FROM users')).length).toBe(0);
  });
});
