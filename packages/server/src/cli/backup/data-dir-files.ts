/**
 * The keys the server generated into DATA_DIR when the config gave none: the signing secret
 * (media links, location fuzz: `secret.key`) and the Web Push keys (members' subscriptions:
 * `vapid.json`). Without them a restored server would make new ones and members' links and
 * notifications would stop working, so a backup carries them and a restore puts them back.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SECRET_FILE } from '../../security/secret.js';
import { VAPID_FILE } from '../../adapters/push/web-push.js';
import { BackupError, DATA_DIR_FILES_DIR } from './backup-folder.js';

const NAMES = [SECRET_FILE, VAPID_FILE];

const read = (file: string) => fs.readFileSync(file);

/** Copies the keys present in DATA_DIR; answers their names. */
export function copyDataDirFilesOut(dataDir: string, folder: string): string[] {
  const present = NAMES.filter((name) => fs.existsSync(path.join(dataDir, name)));
  if (present.length) fs.mkdirSync(path.join(folder, DATA_DIR_FILES_DIR), { mode: 0o700 });
  for (const name of present) {
    fs.writeFileSync(path.join(folder, DATA_DIR_FILES_DIR, name), read(path.join(dataDir, name)), {
      mode: 0o600,
    });
  }
  return present;
}

/** Refuses a DATA_DIR holding other keys than the backup's: a restore replaces nothing. */
export function checkDataDirFiles(dataDir: string, folder: string, names: string[]): void {
  for (const name of names) {
    const target = path.join(dataDir, name);
    const saved = path.join(folder, DATA_DIR_FILES_DIR, name);
    if (!fs.existsSync(saved)) throw new BackupError(`${name} manque à la sauvegarde ${folder}.`);
    if (fs.existsSync(target) && !read(target).equals(read(saved)))
      throw new BackupError(
        `${target} existe déjà et diffère de celui de la sauvegarde : déplacez-le pour ` +
          'restaurer celui de la sauvegarde (la restauration ne remplace rien).',
      );
  }
}

/** Puts the backup's keys into DATA_DIR (those already there are the same, see above). */
export function copyDataDirFilesIn(dataDir: string, folder: string, names: string[]): void {
  fs.mkdirSync(dataDir, { recursive: true });
  for (const name of names) {
    const target = path.join(dataDir, name);
    if (fs.existsSync(target)) continue;
    fs.writeFileSync(target, read(path.join(folder, DATA_DIR_FILES_DIR, name)), { mode: 0o600 });
  }
}
