/**
 * Object storage for uploads (photos, voice messages): one interface, a local implementation
 * under DATA_DIR/uploads and an S3-compatible one, picked by config. Keys are immutable: a new
 * file always gets a new key, so anything served from here can be cached forever.
 */
import path from 'node:path';
import type { Config } from '../../config.js';
import { LocalStorage } from './local-storage.js';
import { S3Storage } from './s3-storage.js';

export { UPLOADS_PATH, isValidStorageKey } from './storage-key.js';

export interface StoredObject {
  body: Buffer;
  contentType: string;
}

export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none under this key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** The address browsers load the object from: `/uploads/<key>` or the bucket's public URL. */
  url(key: string): string;
  /** Every valid key stored, in no particular order (backups); anything else is passed over. */
  list(): AsyncIterable<string>;
}

export function createStorage(config: Pick<Config, 'dataDir' | 's3'>): Storage {
  if (config.s3) return new S3Storage(config.s3);
  return new LocalStorage(path.join(config.dataDir, 'uploads'));
}
