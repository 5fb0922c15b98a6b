/**
 * Local storage: one file per key under DATA_DIR/uploads. Writes go to a temporary file and are
 * renamed into place, so a reader never sees half a file. The content type comes from the key's
 * extension; a small `.type` side file records it only when it differs.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Storage, StoredObject } from './storage-types.js';
import {
  UPLOADS_PATH,
  assertValidContentType,
  assertValidStorageKey,
  contentTypeOfKey,
  isValidStorageKey,
} from './storage-key.js';

const FALLBACK_TYPE = 'application/octet-stream';
// Side files and temporary files carry a second dot, which no valid key has.
const TYPE_SUFFIX = '.type';

function isMissing(err: unknown): boolean {
  return err instanceof Error && 'code' in err && err.code === 'ENOENT';
}

export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private fileOf(key: string): string {
    assertValidStorageKey(key);
    const file = path.resolve(this.root, key);
    // The key shape already forbids it; this is the second lock on the same door.
    if (!file.startsWith(this.root + path.sep)) throw new Error(`storage key outside root: ${key}`);
    return file;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const file = this.fileOf(key);
    assertValidContentType(contentType);
    await fs.mkdir(path.dirname(file), { recursive: true });
    if (contentTypeOfKey(key) !== contentType) {
      await writeAtomically(file + TYPE_SUFFIX, Buffer.from(contentType));
    } else {
      await fs.rm(file + TYPE_SUFFIX, { force: true });
    }
    await writeAtomically(file, body);
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.fileOf(key);
    let body: Buffer;
    try {
      body = await fs.readFile(file);
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
    const contentType = await fs
      .readFile(file + TYPE_SUFFIX, 'utf8')
      .catch(() => contentTypeOfKey(key) ?? FALLBACK_TYPE);
    return { body, contentType };
  }

  async delete(key: string): Promise<void> {
    const file = this.fileOf(key);
    await fs.rm(file, { force: true });
    await fs.rm(file + TYPE_SUFFIX, { force: true });
  }

  url(key: string): string {
    assertValidStorageKey(key);
    return `${UPLOADS_PATH}/${key}`;
  }

  async *list(): AsyncIterable<string> {
    yield* listFiles(this.root, '');
  }
}

/**
 * The keys under `dir`. Temporary files fail the key shape; so do side files, but for a key
 * without an extension (`voice/v1.type`), which is passed over beside its file.
 */
async function* listFiles(dir: string, prefix: string): AsyncIterable<string> {
  let entries;
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch (err) {
    if (isMissing(err)) return; // Nothing uploaded yet.
    throw err;
  }
  const files = new Set(entries.filter((e) => e.isFile()).map((e) => e.name));
  const isSideFile = (name: string) =>
    name.endsWith(TYPE_SUFFIX) && files.has(name.slice(0, -TYPE_SUFFIX.length));
  for (const entry of entries) {
    const key = `${prefix}${entry.name}`;
    if (entry.isDirectory()) yield* listFiles(path.join(dir, entry.name), `${key}/`);
    else if (files.has(entry.name) && isValidStorageKey(key) && !isSideFile(entry.name)) yield key;
  }
}

async function writeAtomically(file: string, body: Buffer): Promise<void> {
  const tmp = `${file}.${crypto.randomBytes(6).toString('hex')}.tmp`;
  try {
    await fs.writeFile(tmp, body);
    await fs.rename(tmp, file);
  } catch (err) {
    await fs.rm(tmp, { force: true });
    throw err;
  }
}
