/**
 * The committed Kysely types (src/db/schema.gen.ts) are those of the schema our migrations build,
 * on PGlite or on the PostgreSQL of TEST_DATABASE_URL. Stale after a migration? `npm run db:types`.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SCHEMA_TYPES_FILE, generateSchemaTypes } from '../src/db/schema-types.js';
import { freshDb } from './helpers.js';

let fresh: Awaited<ReturnType<typeof freshDb>>;
beforeAll(async () => {
  fresh = await freshDb();
});
afterAll(() => fresh.drop());

it('schema.gen.ts matches the migrated schema (else run npm run db:types)', async () => {
  const generated = await generateSchemaTypes(fresh.db);
  expect(fs.readFileSync(SCHEMA_TYPES_FILE, 'utf8')).toBe(generated);
});
