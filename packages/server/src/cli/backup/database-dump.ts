/**
 * The database half of `npm run backup`. PostgreSQL: pg_dump's custom format, from a snapshot
 * whose row counts the manifest records. Embedded PGlite: its own dump (a tar of its folder),
 * made by whoever holds the folder — the running server, asked over its control socket (the
 * server alone may open DATA_DIR, and members keep being served), or this command when no
 * server runs. Either way the tar is opened again in memory to count what it holds.
 */
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import path from 'node:path';
import type { Config } from '../../config/index.js';
import { createDb, type Db } from '../../db/db.js';
import { DataDirLockedError, dataDirOwner } from '../../db/data-dir-lock.js';
import { createKysely } from '../../db/kysely.js';
import { callControlSocket, type ControlHandler } from '../control-socket.js';
import { BackupError, DUMP_FILES } from './backup-folder.js';
import { describeDatabase, exportSnapshot, type DatabaseFacts } from './backup.repository.js';
import { runPostgresTool } from './postgres-tools.js';

const DUMP_COMMAND = 'backup-db';
/** A large database takes a while to pack; the command waits that long for the server. */
const DUMP_TIMEOUT_MS = 30 * 60_000;

/** Writes the embedded database's tar to `file`, which must not exist yet. */
async function writeEmbeddedDump(db: Db, file: string): Promise<number> {
  if (!db.dumpDataDir) throw new Error('not an embedded database');
  const tar = await db.dumpDataDir();
  await pipeline(
    Readable.fromWeb(tar.stream()),
    fs.createWriteStream(file, { flags: 'wx', mode: 0o600 }),
  );
  return tar.size;
}

/** The running server's side (app.ts): `{ file }` is where the command wants the tar. */
export const backupControlCommands = (db: Db): Record<string, ControlHandler> => ({
  [DUMP_COMMAND]: async (body) => {
    const file = body.file;
    // Only a dump file's name, in a folder that exists: nothing else can be written this way.
    if (
      typeof file !== 'string' ||
      !path.isAbsolute(file) ||
      path.basename(file) !== DUMP_FILES.pglite ||
      !fs.statSync(path.dirname(file), { throwIfNoEntry: false })?.isDirectory()
    )
      return { ok: false };
    return { ok: true, bytes: await writeEmbeddedDump(db, file) };
  },
});

const serverBusy = (dataDir: string, pid: number) =>
  `Le serveur (processus n°${pid}) utilise la base intégrée de ${dataDir} mais n'a pas pu ` +
  'faire la copie de la base. Réessayez une fois le serveur démarré, ou arrêtez-le.';

/** Through the server that holds the folder, or by opening it when none runs. */
async function dumpEmbedded(dataDir: string, file: string): Promise<void> {
  const owner = dataDirOwner(dataDir);
  if (owner !== null) {
    const answer = await callControlSocket(dataDir, DUMP_COMMAND, { file }, DUMP_TIMEOUT_MS).catch(
      () => null,
    );
    const done = typeof answer === 'object' && answer !== null && 'ok' in answer && answer.ok;
    if (done !== true) throw new BackupError(serverBusy(dataDir, owner));
    return;
  }
  if (!fs.existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION')))
    throw new BackupError(`Aucune base de données intégrée dans ${dataDir} : rien à sauvegarder.`);
  let db: Db;
  try {
    db = await createDb({ dataDir });
  } catch (err) {
    if (err instanceof DataDirLockedError) throw new BackupError(err.message);
    throw err;
  }
  try {
    await writeEmbeddedDump(db, file);
  } finally {
    await db.close();
  }
}

/** What the tar holds, read from a copy opened in memory: this also proves it opens. */
async function describeEmbeddedDump(file: string): Promise<DatabaseFacts> {
  const copy = await createDb({ dataDir: null, loadDataDir: await fs.openAsBlob(file) });
  try {
    return await describeDatabase(createKysely(copy));
  } finally {
    await copy.close();
  }
}

/** pg_dump from a snapshot that stays open while it runs; the counts come from the same. */
async function dumpPostgres(databaseUrl: string, file: string): Promise<DatabaseFacts> {
  const db = await createDb({ databaseUrl, dataDir: null });
  try {
    return await createKysely(db)
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(async (trx) => {
        const snapshot = await exportSnapshot(trx);
        const facts = await describeDatabase(trx);
        await runPostgresTool(
          'pg_dump',
          ['--format=custom', `--snapshot=${snapshot}`, `--file=${file}`],
          databaseUrl,
        );
        return facts;
      });
  } finally {
    await db.close();
  }
}

export interface DatabaseDump extends DatabaseFacts {
  engine: 'pglite' | 'postgres';
  file: string;
}

/** Writes the configured database's dump into `folder`. */
export async function dumpDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  folder: string,
): Promise<DatabaseDump> {
  if (config.databaseUrl) {
    const file = path.join(folder, DUMP_FILES.postgres);
    return { engine: 'postgres', file, ...(await dumpPostgres(config.databaseUrl, file)) };
  }
  const file = path.join(folder, DUMP_FILES.pglite);
  await dumpEmbedded(config.dataDir, file);
  return { engine: 'pglite', file, ...(await describeEmbeddedDump(file)) };
}
