/**
 * The queries of `npm run backup` and `npm run restore`, on either engine: what a database holds
 * (its tables and their rows, its last migration, its server) and PostgreSQL's snapshot export,
 * which lets pg_dump see exactly what the counts saw. Catalog queries, so the `sql` template.
 */
import { sql } from 'kysely';
import type { Database } from '../../db/kysely.js';

/** The tables of every schema but the system's: none in an empty database. */
export async function findTables(db: Database): Promise<{ schema: string; name: string }[]> {
  const { rows } = await sql<{ schema: string; name: string }>`
    SELECT schemaname AS schema, tablename AS name FROM pg_tables
     WHERE schemaname NOT IN ('pg_catalog', 'information_schema')
     ORDER BY schemaname, tablename`.execute(db);
  return rows;
}

/** Rows per table of the public schema, by table name. */
async function countRows(db: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await findTables(db)) {
    if (table.schema !== 'public') continue;
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ${sql.table(`public.${table.name}`)}`.execute(db);
    counts[table.name] = rows[0]?.n ?? 0;
  }
  return counts;
}

/** The last migration applied (db/migrate.ts); call only when the table exists. */
async function findLastMigration(db: Database): Promise<string | null> {
  const { rows } = await sql<{ name: string | null }>`
    SELECT max(name) AS name FROM public.schema_migrations`.execute(db);
  return rows[0]?.name ?? null;
}

async function findServerVersion(db: Database): Promise<string> {
  const { rows } = await sql<{ version: string }>`SELECT version()`.execute(db);
  return rows[0]?.version ?? '';
}

export interface DatabaseFacts {
  counts: Record<string, number>;
  schemaVersion: string | null;
  serverVersion: string;
}

/** What a backup's manifest records of its database, and a restore checks again. */
export async function describeDatabase(db: Database): Promise<DatabaseFacts> {
  const counts = await countRows(db);
  const schemaVersion = 'schema_migrations' in counts ? await findLastMigration(db) : null;
  return { counts, schemaVersion, serverVersion: await findServerVersion(db) };
}

/** Must run inside a repeatable-read transaction, which stays open while pg_dump uses it. */
export async function exportSnapshot(trx: Database): Promise<string> {
  const { rows } = await sql<{ id: string }>`SELECT pg_export_snapshot() AS id`.execute(trx);
  const id = rows[0]?.id;
  if (!id) throw new Error('pg_export_snapshot answered nothing');
  return id;
}
