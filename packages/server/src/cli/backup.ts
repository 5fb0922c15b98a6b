/**
 * `npm run backup -- [folder | s3://<bucket>/<prefix>]`: a backup of the configured database
 * (the embedded one in DATA_DIR, or DATABASE_URL's) and of the uploaded files (DATA_DIR/uploads
 * or S3), in a new dated folder under `folder` (./backups by default): backup/run-backup.ts; or
 * under `<prefix>/` in that bucket, reached with the app's S3_* settings: backup/run-s3-backup.ts.
 * On the embedded database, a running server makes the database's copy itself
 * (backup/database-dump.ts).
 */
import path from 'node:path';
import { loadConfig } from '../config/index.js';
import { describeManifest, runCommand, type TManifest } from './backup/backup-folder.js';
import { createBackup } from './backup/run-backup.js';
import { createS3Backup } from './backup/run-s3-backup.js';
import { isS3Address, parseS3Address } from './backup/s3-address.js';

const args = process.argv.slice(2);
if (args.length > 1) {
  console.error(
    'Usage : npm run backup -- [dossier des sauvegardes (./backups par défaut), ou ' +
      's3://<compartiment>/<préfixe>]',
  );
  process.exitCode = 2;
} else {
  const written = (where: string, manifest: TManifest) =>
    `Sauvegarde écrite dans ${where} : ${describeManifest(manifest)}.`;
  runCommand(async () => {
    const target = args[0] ?? 'backups';
    const config = loadConfig();
    if (isS3Address(target)) {
      const { address, manifest } = await createS3Backup(config, parseS3Address(target));
      return written(address, manifest);
    }
    const { folder, manifest } = await createBackup(config, path.resolve(target));
    return written(folder, manifest);
  });
}
