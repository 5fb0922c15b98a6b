/**
 * `npm run restore -- <backup>`: the backup's database, files and keys back into an empty
 * database, an empty storage and a DATA_DIR without other keys. Every refusal comes before the
 * first write; the database is restored whole or not at all, then counted against the manifest.
 */
import path from 'node:path';
import type { Config } from '../../config/index.js';
import { createStorage } from '../../adapters/storage/storage.js';
import { BackupError, readManifest, sha256OfFile, type TManifest } from './backup-folder.js';
import { checkDatabaseIsEmpty, loadDatabase } from './database-load.js';
import { checkDataDirFiles, copyDataDirFilesIn } from './data-dir-files.js';
import { checkStorageIsEmpty, copyFilesIn, readFilesIndex } from './storage-copy.js';

type RestoreConfig = Pick<Config, 'databaseUrl' | 'dataDir' | 's3'>;

/** Restores the backup in `folder`; answers its manifest. */
export async function restoreBackup(config: RestoreConfig, folder: string): Promise<TManifest> {
  const manifest = readManifest(folder);
  const dump = path.join(folder, manifest.database.file);
  const sha256 = await sha256OfFile(dump).catch(() => null);
  if (sha256 !== manifest.database.sha256)
    throw new BackupError(`${dump} manque à la sauvegarde, ou est abîmé.`);
  const files = readFilesIndex(folder);
  if (files.length !== manifest.files.count)
    throw new BackupError(`La liste des fichiers de ${folder} ne correspond pas au manifeste.`);
  const storage = createStorage(config);

  await checkDatabaseIsEmpty(config, manifest);
  await checkStorageIsEmpty(storage);
  checkDataDirFiles(config.dataDir, folder, manifest.data_dir_files);

  await loadDatabase(config, folder, manifest);
  await copyFilesIn(storage, folder, files);
  copyDataDirFilesIn(config.dataDir, folder, manifest.data_dir_files);
  return manifest;
}
