/**
 * Object storage for uploads (photos, voice messages): one interface, a local implementation
 * under DATA_DIR/uploads and an S3-compatible one, picked by config. Keys are immutable: a new
 * file always gets a new key, so anything served from here can be cached forever.
 */
import path from 'node:path';
import type { Config } from '../../config/index.js';
import { LocalStorage } from './local-storage.js';
import { S3Storage } from './s3-storage.js';
import type { Storage } from './storage-types.js';

export { UPLOADS_PATH, isValidStorageKey } from './storage-key.js';

export type { Storage, StoredObject } from './storage-types.js';

export function createStorage(config: Pick<Config, 'dataDir' | 's3'>): Storage {
  if (config.s3) return new S3Storage(config.s3);
  return new LocalStorage(path.join(config.dataDir, 'uploads'));
}
