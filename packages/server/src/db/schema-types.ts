/**
 * Generates the Kysely types of the migrated schema (schema.gen.ts) with kysely-codegen, reading
 * the catalogue through our own dialect: no database server needed, an in-memory PGlite will do.
 * Dev tooling only (kysely-codegen and prettier are dev dependencies): `npm run db:types` and the
 * check in test/schema-types.test.ts call it; the server never does.
 */
import path from 'node:path';
import { PostgresDialect, generate } from 'kysely-codegen';
import { format, resolveConfig } from 'prettier';
import type { Db } from './db.js';
import { createKysely } from './kysely.js';
import { COLUMN_OVERRIDES, OVERRIDE_IMPORTS } from './schema-overrides.js';

export const SCHEMA_TYPES_FILE = path.join(import.meta.dirname, 'schema.gen.ts');

/** The file's text for this (migrated) database, formatted as the repository wants it. */
export async function generateSchemaTypes(db: Db): Promise<string> {
  const text = await generate({
    db: createKysely(db),
    // Our pg type parsers (db.ts) read BIGINT and NUMERIC as JS numbers, and so does PGlite.
    dialect: new PostgresDialect({ numericParser: 'number' }),
    typeMapping: { int8: 'number' },
    overrides: { columns: COLUMN_OVERRIDES },
    customImports: OVERRIDE_IMPORTS,
    excludePattern: 'schema_migrations',
    outFile: null,
  });
  const options = await resolveConfig(SCHEMA_TYPES_FILE);
  return format(text, { ...options, filepath: SCHEMA_TYPES_FILE });
}
