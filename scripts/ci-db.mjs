// Creates or drops one PostgreSQL database for a CI run: node scripts/ci-db.mjs create|drop NAME
import { createRequire } from 'node:module';

const require = createRequire(new URL('../packages/server/package.json', import.meta.url));
const pg = require('pg');
const [action, name] = process.argv.slice(2);
if (!/^[a-z0-9_]+$/.test(name ?? '') || !['create', 'drop'].includes(action)) {
  console.error('usage: ci-db.mjs create|drop NAME');
  process.exit(2);
}
const client = new pg.Client({
  connectionString: process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
});
await client.connect();
await client.query(
  action === 'create' ? `CREATE DATABASE ${name}` : `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`,
);
await client.end();
