/**
 * `npm run backup -- s3://<bucket>/<prefix>`: the backup folder run-backup.ts writes, made in a
 * temporary folder (TMPDIR, /tmp by default: it needs room for one backup), then uploaded file by
 * file under `<prefix>/<dated name>/`. Each object's size is checked in the bucket, and
 * manifest.json goes last: a backup whose manifest is in the bucket is complete. The temporary
 * folder is removed either way; so is what an upload cut short had sent, when the bucket lets it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config/index.js';
import {
  BackupError,
  MANIFEST_FILE,
  backupName,
  makeStagingFolder,
  type TManifest,
} from './backup-folder.js';
import { createBackup } from './run-backup.js';
import { BackupBucket } from './s3-bucket.js';
import { bucketSettings, formatS3Address, keyUnder, type S3Address } from './s3-address.js';
import { forEachParallel } from './storage-copy.js';

type BackupConfig = Pick<Config, 'databaseUrl' | 'dataDir' | 's3'>;

/** The files of `folder`, as `/`-separated paths from it. */
function filesOf(folder: string): string[] {
  return fs
    .readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => fs.statSync(path.join(folder, name)).isFile())
    .map((name) => name.split(path.sep).join('/'))
    .sort();
}

/** Refuses an object the bucket holds with another size than the file sent. */
async function checkSize(
  bucket: BackupBucket,
  key: string,
  file: string,
  listed: number | undefined,
): Promise<void> {
  const want = fs.statSync(file).size;
  // A store whose listing lags behind its writes is asked about the object itself.
  const got = listed === want ? want : await bucket.sizeOf(key);
  if (got !== want)
    throw new BackupError(
      `${formatS3Address(bucket.name, key)} n'a pas été reçu en entier (${got ?? 0} octets ` +
        `sur ${want}).`,
    );
}

/** Best effort after a failure: the manifest first, so no leftover ever passes for a backup. */
async function removeUploaded(bucket: BackupBucket, folderKey: string): Promise<void> {
  try {
    await bucket.delete(`${folderKey}/${MANIFEST_FILE}`);
    const keys: string[] = [];
    for await (const object of bucket.list(`${folderKey}/`)) keys.push(object.key);
    await forEachParallel(keys, (key) => bucket.delete(key));
  } catch {
    // The failure to report is the one that stopped the upload.
  }
}

async function uploadFolder(bucket: BackupBucket, folder: string, folderKey: string) {
  const names = filesOf(folder).filter((name) => name !== MANIFEST_FILE);
  try {
    await forEachParallel(names, (name) =>
      bucket.putFile(`${folderKey}/${name}`, path.join(folder, name)),
    );
    const listed = new Map<string, number>();
    for await (const object of bucket.list(`${folderKey}/`)) listed.set(object.key, object.bytes);
    for (const name of names) {
      const key = `${folderKey}/${name}`;
      await checkSize(bucket, key, path.join(folder, name), listed.get(key));
    }
    const manifestKey = `${folderKey}/${MANIFEST_FILE}`;
    const manifestFile = path.join(folder, MANIFEST_FILE);
    await bucket.putFile(manifestKey, manifestFile, 'application/json');
    await checkSize(bucket, manifestKey, manifestFile, undefined);
  } catch (err) {
    await removeUploaded(bucket, folderKey);
    throw err;
  }
}

/** Writes a backup under the address's prefix; answers its address and manifest. */
export async function createS3Backup(
  config: BackupConfig,
  address: S3Address,
  now = new Date(),
): Promise<{ address: string; manifest: TManifest }> {
  const bucket = new BackupBucket(bucketSettings(address.bucket, config));
  const folderKey = keyUnder(address.prefix, backupName(now));
  const target = formatS3Address(address.bucket, folderKey);
  // Before the dump, which may take long: the bucket answers, and the name is free.
  const first = await bucket.list(`${folderKey}/`, 1)[Symbol.asyncIterator]().next();
  if (!first.done) throw new BackupError(`${target} existe déjà.`);
  const staging = makeStagingFolder('backup');
  try {
    const { folder, manifest } = await createBackup(config, staging, now);
    await uploadFolder(bucket, folder, folderKey);
    return { address: target, manifest };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
