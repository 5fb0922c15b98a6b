/**
 * `npm run restore -- s3://<bucket>/<prefix>/<dated name>`: a backup run-s3-backup.ts wrote,
 * downloaded into a temporary folder (TMPDIR: it needs room for the backup) and restored from
 * there by run-restore.ts, with all its checks. The manifest comes first: without it the prefix
 * is no complete backup and nothing else is fetched; then the target database and storage must
 * be empty, before the download, which may take long. The temporary folder is removed either way.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config/index.js';
import { createStorage } from '../../adapters/storage/storage.js';
import {
  BackupError,
  MANIFEST_FILE,
  makeStagingFolder,
  readManifest,
  type TManifest,
} from './backup-folder.js';
import { checkDatabaseIsEmpty } from './database-load.js';
import { restoreBackup } from './run-restore.js';
import { BackupBucket } from './s3-bucket.js';
import {
  KEY_SEGMENT_RE,
  bucketSettings,
  formatS3Address,
  keyUnder,
  type S3Address,
} from './s3-address.js';
import { checkStorageIsEmpty, forEachParallel } from './storage-copy.js';

type RestoreConfig = Pick<Config, 'databaseUrl' | 'dataDir' | 's3'>;

/** The newest complete backup right under `prefix` (its key), to name it to the operator. */
async function findLatestBackup(bucket: BackupBucket, prefix: string): Promise<string | null> {
  const folders: string[] = [];
  for await (const folder of bucket.listFolders(keyUnder(prefix, ''))) folders.push(folder);
  // Dated names sort by date (backupName).
  for (const folder of folders
    .filter((f) => /rencontre-[^/]+\/$/.test(f))
    .sort()
    .reverse()) {
    if ((await bucket.sizeOf(`${folder}${MANIFEST_FILE}`)) !== null) return folder.slice(0, -1);
  }
  return null;
}

async function refuseWithoutManifest(bucket: BackupBucket, address: S3Address): Promise<never> {
  const latest = await findLatestBackup(bucket, address.prefix);
  throw new BackupError(
    `${formatS3Address(bucket.name, address.prefix)} n'est pas une sauvegarde complète : ` +
      `${MANIFEST_FILE} est introuvable.` +
      (latest ? ` La plus récente sous ce préfixe : ${formatS3Address(bucket.name, latest)}.` : ''),
  );
}

/** Downloads every object under the backup's prefix that has a backup file's shape. */
async function downloadFolder(bucket: BackupBucket, prefix: string, folder: string) {
  const objects: { key: string; bytes: number; name: string }[] = [];
  for await (const object of bucket.list(keyUnder(prefix, ''))) {
    const name = object.key.slice(keyUnder(prefix, '').length);
    // Anything else was put there by someone else, and could not map onto a path safely.
    if (name !== MANIFEST_FILE && name.split('/').every((s) => KEY_SEGMENT_RE.test(s)))
      objects.push({ ...object, name });
  }
  await forEachParallel(objects, async ({ key, bytes, name }) => {
    const file = path.join(folder, ...name.split('/'));
    // Gone since the listing: the restore's checks name the file if the backup needs it.
    if (!(await bucket.getToFile(key, file))) return;
    const got = fs.statSync(file).size;
    if (got !== bytes)
      throw new BackupError(
        `${formatS3Address(bucket.name, key)} n'a pas été reçu en entier (${got} octets sur ` +
          `${bytes}).`,
      );
  });
}

/** The restore's refusals name the folder it reads; the operator typed an S3 address. */
async function naming<T>(folder: string, address: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof BackupError) throw new BackupError(err.message.replaceAll(folder, address));
    throw err;
  }
}

/** Restores the backup at the address; answers its manifest. */
export async function restoreS3Backup(
  config: RestoreConfig,
  address: S3Address,
): Promise<TManifest> {
  const bucket = new BackupBucket(bucketSettings(address.bucket, config));
  const staging = makeStagingFolder('restore');
  try {
    return await naming(staging, formatS3Address(address.bucket, address.prefix), async () => {
      const manifestKey = keyUnder(address.prefix, MANIFEST_FILE);
      if (!(await bucket.getToFile(manifestKey, path.join(staging, MANIFEST_FILE))))
        await refuseWithoutManifest(bucket, address);
      const manifest = readManifest(staging);
      await checkDatabaseIsEmpty(config, manifest);
      await checkStorageIsEmpty(createStorage(config));
      await downloadFolder(bucket, address.prefix, staging);
      return await restoreBackup(config, staging);
    });
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
