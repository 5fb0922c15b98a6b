/**
 * `npm run restore -- <backup>`: puts a backup written by `npm run backup` — a folder, or an
 * address s3://<bucket>/<prefix>/<dated name> (backup/run-s3-restore.ts) — back into the
 * configured database and storage, which must be empty (backup/run-restore.ts).
 */
import path from 'node:path';
import { loadConfig } from '../config/index.js';
import { describeManifest, runCommand } from './backup/backup-folder.js';
import { restoreBackup } from './backup/run-restore.js';
import { restoreS3Backup } from './backup/run-s3-restore.js';
import { isS3Address, parseS3Address } from './backup/s3-address.js';

const [source, ...extra] = process.argv.slice(2);
if (!source || extra.length) {
  console.error(
    'Usage : npm run restore -- <sauvegarde> : son dossier, ou ' +
      's3://<compartiment>/<préfixe>/<nom daté de la sauvegarde>',
  );
  process.exitCode = 2;
} else {
  runCommand(async () => {
    const config = loadConfig();
    const manifest = isS3Address(source)
      ? await restoreS3Backup(config, parseS3Address(source))
      : await restoreBackup(config, path.resolve(source));
    return `Sauvegarde du ${manifest.created_at} restaurée : ${describeManifest(manifest)}.`;
  });
}
