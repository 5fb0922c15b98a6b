/**
 * `npm run restore -- <backup>`: puts a folder written by `npm run backup` back into the
 * configured database and storage, which must be empty (backup/run-restore.ts).
 */
import path from 'node:path';
import { loadConfig } from '../config.js';
import { describeManifest, runCommand } from './backup/backup-folder.js';
import { restoreBackup } from './backup/run-restore.js';

const [folder, ...extra] = process.argv.slice(2);
if (!folder || extra.length) {
  console.error('Usage : npm run restore -- <dossier de la sauvegarde>');
  process.exitCode = 2;
} else {
  runCommand(async () => {
    const manifest = await restoreBackup(loadConfig(), path.resolve(folder));
    return `Sauvegarde du ${manifest.created_at} restaurée : ${describeManifest(manifest)}.`;
  });
}
