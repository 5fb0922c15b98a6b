/**
 * The uploaded files' half of a backup, through the storage adapter (local folder or S3), so a
 * backup of one kind restores into the other. Each file keeps its content type, and its SHA-256
 * is checked when it goes back.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Storage } from '../../adapters/storage/storage.js';
import {
  BackupError,
  FILES_DIR,
  FILES_INDEX,
  ZFileEntry,
  sha256Hex,
  type TFileEntry,
} from './backup-folder.js';

/** Several files in flight at once: S3 answers each request in tens of milliseconds. */
const PARALLEL = 8;

/**
 * `fn` over `items`, a few at once. After a failure no new item starts, and the answer (the
 * first failure) comes only once every item under way has settled: a caller that cleans up
 * after a failed upload must not be overtaken by an upload still in flight.
 */
export async function forEachParallel<T>(
  items: T[],
  fn: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const item = items[next++];
      if (item === undefined) continue;
      try {
        await fn(item);
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  };
  const runs = await Promise.allSettled(
    Array.from({ length: Math.min(PARALLEL, items.length) }, worker),
  );
  const failure = runs.find((r) => r.status === 'rejected');
  if (failure) throw failure.reason;
}

const fileOf = (folder: string, key: string) => path.join(folder, FILES_DIR, key);

async function listKeys(storage: Storage): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of storage.list()) keys.push(key);
  return keys;
}

/**
 * Copies into `folder` every stored file not in `copied` yet, and records it there. A file gone
 * between the listing and the copy was deleted meanwhile, after its row (services delete the
 * row first): it is passed over.
 */
export async function copyFilesOut(
  storage: Storage,
  folder: string,
  copied: Map<string, TFileEntry>,
): Promise<void> {
  const keys = (await listKeys(storage)).filter((key) => !copied.has(key));
  await forEachParallel(keys, async (key) => {
    const object = await storage.get(key);
    if (!object) return;
    const file = fileOf(folder, key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    await fs.promises.writeFile(file, object.body, { flag: 'wx', mode: 0o600 });
    const { body, contentType } = object;
    copied.set(key, { key, type: contentType, bytes: body.length, sha256: sha256Hex(body) });
  });
}

export function writeFilesIndex(folder: string, entries: Iterable<TFileEntry>): void {
  const lines = [...entries].map((e) => `${JSON.stringify(e)}\n`).join('');
  fs.writeFileSync(path.join(folder, FILES_INDEX), lines);
}

function parseEntry(line: string): TFileEntry | null {
  try {
    return ZFileEntry.safeParse(JSON.parse(line)).data ?? null;
  } catch {
    return null;
  }
}

/** The backup's file list, each file checked present with its size before anything is written. */
export function readFilesIndex(folder: string): TFileEntry[] {
  let text: string;
  try {
    text = fs.readFileSync(path.join(folder, FILES_INDEX), 'utf8');
  } catch {
    throw new BackupError(`${FILES_INDEX} manque à la sauvegarde ${folder}.`);
  }
  return text
    .split('\n')
    .filter(Boolean)
    .map((line, i) => {
      const entry = parseEntry(line);
      if (!entry) throw new BackupError(`${FILES_INDEX} est abîmé (ligne ${i + 1}).`);
      const size = fs.statSync(fileOf(folder, entry.key), { throwIfNoEntry: false })?.size;
      if (size !== entry.bytes)
        throw new BackupError(`Le fichier ${entry.key} manque à la sauvegarde, ou est abîmé.`);
      return entry;
    });
}

/** Refuses a storage that already holds a file: a restore adds to nothing. */
export async function checkStorageIsEmpty(storage: Storage): Promise<void> {
  const first = await storage.list()[Symbol.asyncIterator]().next();
  if (first.done) return;
  const where = storage.kind === 's3' ? 'Le compartiment S3' : 'Le dossier uploads de DATA_DIR';
  throw new BackupError(
    `${where} contient déjà des fichiers (${first.value}…) : la restauration se fait dans un ` +
      'stockage vide.',
  );
}

/** Puts every file of the backup back into the storage. */
export async function copyFilesIn(
  storage: Storage,
  folder: string,
  entries: TFileEntry[],
): Promise<void> {
  await forEachParallel(entries, async (entry) => {
    const body = await fs.promises.readFile(fileOf(folder, entry.key));
    if (sha256Hex(body) !== entry.sha256)
      throw new BackupError(`Le fichier ${entry.key} de la sauvegarde est abîmé.`);
    await storage.put(entry.key, body, entry.type);
  });
}
