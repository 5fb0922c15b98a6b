/**
 * Applies the SQL files of ./migrations in name order, each once, each in its own transaction.
 * An advisory lock makes concurrent starts of several server copies safe.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './db.js';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
const MIGRATION_LOCK = 724_001;

/** The migrations this code knows, in the order they apply (the last one is its schema). */
export const migrationNames = (): string[] =>
  fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort();

export async function migrate(db: Db): Promise<string[]> {
  const files = migrationNames();
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Set(
      (await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name),
    );
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      await tx.exec(fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8'));
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    }
    return applied;
  });
}

/** The database's schema is not the one this code knows: the server must not start on it. */
export class SchemaMismatchError extends Error {}

/**
 * Checks, without changing anything, that every migration this code knows is applied and that
 * the database has none it does not know (a newer release migrated it); throws a French
 * SchemaMismatchError saying what to do otherwise.
 */
export async function checkSchema(db: Db): Promise<void> {
  const known = migrationNames();
  const table = await db.query<{ name: string | null }>(
    "SELECT to_regclass('schema_migrations')::text AS name",
  );
  const applied = table[0]?.name
    ? (await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name)
    : [];
  const newer = applied.filter((n) => !known.includes(n)).sort();
  if (newer.length > 0) {
    throw new SchemaMismatchError(
      `Schéma de la base plus récent que ce code (migrations inconnues : ${newer.join(', ')}). ` +
        'Déployez la version qui les contient, ou restaurez une sauvegarde de ce schéma.',
    );
  }
  const pending = known.filter((n) => !applied.includes(n));
  if (pending.length > 0) {
    throw new SchemaMismatchError(
      `Schéma de la base plus ancien que ce code (migrations en attente : ${pending.join(', ')}). ` +
        'Lancez `npm run migrate` avant de démarrer le serveur.',
    );
  }
}
