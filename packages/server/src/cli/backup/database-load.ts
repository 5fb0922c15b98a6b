/**
 * The database half of `npm run restore`, into an empty database of the engine the backup came
 * from, and nothing else: a PostgreSQL database without tables (pg_restore, in one transaction),
 * or a DATA_DIR without an embedded database (PGlite opens the tar there). What it then holds
 * is counted again against the manifest.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config/index.js';
import { createDb, type Db } from '../../db/db.js';
import { DataDirLockedError, dataDirOwner } from '../../db/data-dir-lock.js';
import { createKysely } from '../../db/kysely.js';
import { migrationNames } from '../../db/migrate.js';
import { BackupError, type TManifest } from './backup-folder.js';
import { describeDatabase, findTables, type DatabaseFacts } from './backup.repository.js';
import { runPostgresTool } from './postgres-tools.js';

type DbConfig = Pick<Config, 'databaseUrl' | 'dataDir'>;

const pgdataOf = (dataDir: string) => path.join(dataDir, 'pgdata');

async function openPostgres(databaseUrl: string): Promise<Db> {
  const db = await createDb({ databaseUrl, dataDir: null });
  try {
    await db.query('SELECT 1');
    return db;
  } catch (err) {
    await db.close();
    const reason = err instanceof Error ? err.message : String(err);
    throw new BackupError(`La base de données de DATABASE_URL ne répond pas : ${reason}`);
  }
}

function checkEngine(config: DbConfig, manifest: TManifest): void {
  if (manifest.engine === 'pglite' && config.databaseUrl)
    throw new BackupError(
      'Cette sauvegarde vient de la base intégrée (PGlite) : elle se restaure sans ' +
        'DATABASE_URL, dans un DATA_DIR vide.',
    );
  if (manifest.engine === 'postgres' && !config.databaseUrl)
    throw new BackupError(
      "Cette sauvegarde vient de PostgreSQL : donnez dans DATABASE_URL l'adresse d'une base vide.",
    );
  const known = migrationNames();
  if (manifest.schema_version && !known.includes(manifest.schema_version))
    throw new BackupError(
      `Cette sauvegarde vient d'une version plus récente de l'application (schéma ` +
        `${manifest.schema_version}) : mettez l'application à jour avant de la restaurer.`,
    );
}

/** Refuses, changing nothing, a target of the wrong engine or that already holds data. */
export async function checkDatabaseIsEmpty(config: DbConfig, manifest: TManifest): Promise<void> {
  checkEngine(config, manifest);
  if (config.databaseUrl) {
    const db = await openPostgres(config.databaseUrl);
    try {
      const tables = await findTables(createKysely(db));
      if (tables.length > 0)
        throw new BackupError(
          `La base de données de DATABASE_URL n'est pas vide (${tables.length} tables) : la ` +
            'restauration ne remplace rien. Créez une base vide (CREATE DATABASE …) et donnez ' +
            'son adresse dans DATABASE_URL.',
        );
    } finally {
      await db.close();
    }
    return;
  }
  const owner = dataDirOwner(config.dataDir);
  if (owner !== null)
    throw new BackupError(
      `Le serveur (processus n°${owner}) utilise la base intégrée de ${config.dataDir} : ` +
        'arrêtez-le. La restauration se fait dans un DATA_DIR vide.',
    );
  const pgdata = pgdataOf(config.dataDir);
  if (fs.existsSync(pgdata) && fs.readdirSync(pgdata).length > 0)
    throw new BackupError(
      `${config.dataDir} contient déjà une base de données (dossier pgdata) : la restauration ` +
        'ne remplace rien. Donnez un DATA_DIR vide, ou déplacez ce dossier.',
    );
}

function checkFacts(db: DatabaseFacts, manifest: TManifest) {
  const tables = new Set([...Object.keys(db.counts), ...Object.keys(manifest.counts)]);
  for (const table of tables) {
    const [got, want] = [db.counts[table] ?? 0, manifest.counts[table] ?? 0];
    if (got !== want)
      throw new BackupError(
        `La base restaurée ne correspond pas à la sauvegarde : table ${table}, ${got} lignes ` +
          `au lieu de ${want}.`,
      );
  }
  if (db.schemaVersion !== manifest.schema_version)
    throw new BackupError(
      `La base restaurée est au schéma ${db.schemaVersion ?? 'vide'} au lieu de ` +
        `${manifest.schema_version ?? 'vide'}.`,
    );
}

async function loadEmbedded(dataDir: string, file: string, manifest: TManifest): Promise<void> {
  let db: Db;
  try {
    db = await createDb({ dataDir, loadDataDir: await fs.openAsBlob(file) });
  } catch (err) {
    if (err instanceof DataDirLockedError) throw new BackupError(err.message);
    // What a failed load left is ours (the folder was empty): the next attempt starts clean.
    fs.rmSync(pgdataOf(dataDir), { recursive: true, force: true });
    throw err;
  }
  try {
    checkFacts(await describeDatabase(createKysely(db)), manifest);
  } finally {
    await db.close();
  }
}

/** Fills the empty target database from the backup's dump, then counts it against the manifest. */
export async function loadDatabase(
  config: DbConfig,
  folder: string,
  manifest: TManifest,
): Promise<void> {
  const file = path.join(folder, manifest.database.file);
  if (!config.databaseUrl) return loadEmbedded(config.dataDir, file, manifest);
  await runPostgresTool(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', file],
    config.databaseUrl,
  );
  const db = await openPostgres(config.databaseUrl);
  try {
    checkFacts(await describeDatabase(createKysely(db)), manifest);
  } finally {
    await db.close();
  }
}
