/**
 * `npm run backup -- [folder]`: a backup of the configured database (the embedded one in
 * DATA_DIR, or DATABASE_URL's) and of the uploaded files (DATA_DIR/uploads or S3), in a new
 * dated folder under `folder` (./backups by default): backup/run-backup.ts. On the embedded
 * database, a running server makes the database's copy itself (backup/database-dump.ts).
 */
import path from 'node:path';
import { loadConfig } from '../config.js';
import { describeManifest, runCommand } from './backup/backup-folder.js';
import { createBackup } from './backup/run-backup.js';

const args = process.argv.slice(2);
if (args.length > 1) {
  console.error('Usage : npm run backup -- [dossier des sauvegardes, ./backups par défaut]');
  process.exitCode = 2;
} else {
  runCommand(async () => {
    const parent = path.resolve(args[0] ?? 'backups');
    const { folder, manifest } = await createBackup(loadConfig(), parent);
    return `Sauvegarde écrite dans ${folder} : ${describeManifest(manifest)}.`;
  });
}
