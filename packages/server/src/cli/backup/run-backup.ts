/**
 * `npm run backup`: one dated folder holding everything a member would miss — the database, the
 * uploaded files, the keys DATA_DIR generated — and its manifest. The files are copied before
 * and again after the database dump, so every file a row of the dump names is there (an upload
 * stores its file before its row, a deletion removes the row before the file), short of one
 * both uploaded and deleted while the backup runs. The folder is written under a `.partial`
 * name and takes its own once complete: a backup cut short never looks like one.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config/index.js';
import { createStorage } from '../../adapters/storage/storage.js';
import {
  BackupError,
  DUMP_FILES,
  backupName,
  sha256OfFile,
  writeManifest,
  type TFileEntry,
  type TManifest,
} from './backup-folder.js';
import { dumpDatabase } from './database-dump.js';
import { copyDataDirFilesOut } from './data-dir-files.js';
import { copyFilesOut, writeFilesIndex } from './storage-copy.js';

type BackupConfig = Pick<Config, 'databaseUrl' | 'dataDir' | 's3'>;

function makeFolder(parent: string, name: string): string {
  fs.mkdirSync(parent, { recursive: true });
  const partial = path.join(parent, `${name}.partial`);
  if (fs.existsSync(path.join(parent, name)))
    throw new BackupError(`${path.join(parent, name)} existe déjà.`);
  try {
    // Password hashes, sessions and keys: for the operator's eyes only.
    fs.mkdirSync(partial, { mode: 0o700 });
  } catch {
    throw new BackupError(`Une sauvegarde s'écrit déjà dans ${partial}.`);
  }
  return partial;
}

/** Writes a backup under `parent`; answers its folder and manifest. */
export async function createBackup(
  config: BackupConfig,
  parent: string,
  now = new Date(),
): Promise<{ folder: string; manifest: TManifest }> {
  const name = backupName(now);
  const partial = makeFolder(parent, name);
  try {
    const storage = createStorage(config);
    const copied = new Map<string, TFileEntry>();
    await copyFilesOut(storage, partial, copied);
    const dump = await dumpDatabase(config, partial);
    await copyFilesOut(storage, partial, copied);
    writeFilesIndex(partial, copied.values());
    const files = [...copied.values()];
    const manifest: TManifest = {
      format: 1,
      created_at: now.toISOString(),
      engine: dump.engine,
      database: {
        file: DUMP_FILES[dump.engine],
        bytes: fs.statSync(dump.file).size,
        sha256: await sha256OfFile(dump.file),
        server_version: dump.serverVersion,
      },
      schema_version: dump.schemaVersion,
      counts: dump.counts,
      files: {
        storage: storage.kind,
        count: files.length,
        bytes: files.reduce((sum, f) => sum + f.bytes, 0),
      },
      data_dir_files: copyDataDirFilesOut(config.dataDir, partial),
    };
    writeManifest(partial, manifest);
    const folder = path.join(parent, name);
    fs.renameSync(partial, folder);
    return { folder, manifest };
  } catch (err) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw err;
  }
}
