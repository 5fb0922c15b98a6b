/**
 * `npm run migrate`: applies the pending migrations to the database the environment names
 * (DATABASE_URL, else the embedded one in DATA_DIR), then stops. In production on PostgreSQL
 * this is the deploy's own step, before the server copies start (they only check the schema:
 * MIGRATE_ON_START); the advisory lock of db/migrate.ts makes two runs at once safe. The
 * embedded database is migrated by the server that holds it: with one running, nothing to do.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig, ConfigError, type Env } from '../config/index.js';
import { createDb } from '../db/db.js';
import { DataDirLockedError, dataDirOwner } from '../db/data-dir-lock.js';
import { migrate } from '../db/migrate.js';

export async function runMigrate(env?: Env): Promise<{
  exitCode: number;
  message: string;
}> {
  const config = loadConfig(env);
  const owner = config.databaseUrl ? null : dataDirOwner(config.dataDir);
  if (owner !== null) {
    return {
      exitCode: 0,
      message:
        `Le serveur (processus n°${owner}) tient la base intégrée de ${config.dataDir} ` +
        "et l'a migrée en démarrant : rien à faire.",
    };
  }
  const db = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const applied = await migrate(db);
    return {
      exitCode: 0,
      message: applied.length
        ? `Migrations appliquées : ${applied.join(', ')}.`
        : 'Base déjà à jour : aucune migration en attente.',
    };
  } finally {
    await db.close();
  }
}

async function main() {
  try {
    const { exitCode, message } = await runMigrate();
    console.log(message);
    process.exitCode = exitCode;
  } catch (err) {
    if (err instanceof ConfigError || err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exitCode = 1;
      return;
    }
    throw err;
  }
}

// Run only as the command, not when a test imports runMigrate.
const invoked = process.argv[1] ? pathToFileURL(path.resolve(process.argv[1])).href : '';
if (import.meta.url === invoked) void main();
