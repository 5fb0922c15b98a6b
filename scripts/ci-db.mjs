// Creates or drops one PostgreSQL database for a CI run: node scripts/ci-db.mjs create|drop NAME
// It connects to the maintenance database `postgres`, which every stock server has (a database
// named `test` may not exist), as user postgres on PGHOST:PGPORT (127.0.0.1:5432 when unset).
// PG_ADMIN_URL replaces the whole address: another server, user or maintenance database.
import { createRequire } from 'node:module';

const require = createRequire(new URL('../packages/server/package.json', import.meta.url));
const pg = require('pg');
const [action, name] = process.argv.slice(2);
if (!/^[a-z0-9_]+$/.test(name ?? '') || !['create', 'drop'].includes(action)) {
  console.error('usage: ci-db.mjs create|drop NAME');
  process.exit(2);
}
const host = process.env.PGHOST || '127.0.0.1';
const port = process.env.PGPORT || '5432';
const client = new pg.Client({
  connectionString: process.env.PG_ADMIN_URL || `postgres://postgres@${host}:${port}/postgres`,
});
await client.connect();
await client.query(
  action === 'create' ? `CREATE DATABASE ${name}` : `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`,
);
await client.end();
