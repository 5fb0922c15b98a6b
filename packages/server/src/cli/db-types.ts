/**
 * `npm run db:types`: migrates an in-memory PGlite with our migrations and writes the Kysely
 * types of the schema to src/db/schema.gen.ts. `-- --check` only compares and fails when the
 * committed file is stale (test/schema-types.test.ts runs the same check in `npm test`).
 */
import fs from 'node:fs';
import { createDb } from '../db/db.js';
import { migrate } from '../db/migrate.js';
import { SCHEMA_TYPES_FILE, generateSchemaTypes } from '../db/schema-types.js';

const check = process.argv.includes('--check');
const db = await createDb({ dataDir: null });
try {
  await migrate(db);
  const fresh = await generateSchemaTypes(db);
  const current = fs.existsSync(SCHEMA_TYPES_FILE)
    ? fs.readFileSync(SCHEMA_TYPES_FILE, 'utf8')
    : '';
  if (check) {
    if (fresh !== current) {
      console.error("schema.gen.ts n'est pas à jour : lancez npm run db:types");
      process.exitCode = 1;
    } else console.log('schema.gen.ts est à jour');
  } else if (fresh !== current) {
    fs.writeFileSync(SCHEMA_TYPES_FILE, fresh);
    console.log(`écrit : ${SCHEMA_TYPES_FILE}`);
  } else console.log('schema.gen.ts était déjà à jour');
} finally {
  await db.close();
}
