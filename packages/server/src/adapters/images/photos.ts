/**
 * Stores a processed photo's four WebP variants under keys we generate
 * (`photos/<prefix>/<hex>-thumb.webp`, `-lite`, `-card`, `-full`) and gives the addresses to
 * show them.
 * The photo key kept in the database is `<prefix>/<hex>`. This is the images adapter's entry.
 */
import crypto from 'node:crypto';
import type { Storage, StoredObject } from '../storage/storage.js';
import {
  liteFromCard,
  processPhoto,
  type PhotoVariants,
  type ProcessPhotoOptions,
} from './process-photo.js';

export { processPhoto } from './process-photo.js';

export type PhotoVariant = keyof PhotoVariants;
const PHOTO_VARIANTS: readonly PhotoVariant[] = ['thumb', 'lite', 'card', 'full'];

const PREFIX_RE = /^[a-z0-9][a-z0-9_-]{0,39}(?:\/[a-z0-9][a-z0-9_-]{0,39}){0,2}$/;
const ID_RE = /^[0-9a-f]{16,64}$/;

export interface StoredPhoto {
  key: string;
  width: number;
  height: number;
}

export function photoVariantKey(photoKey: string, variant: PhotoVariant): string {
  return `photos/${photoKey}-${variant}.webp`;
}

export interface StorePhotoOptions extends ProcessPhotoOptions {
  /** A fixed hex id instead of a random one (the demo seed, for reproducible runs). */
  id?: string;
}

export async function storePhoto(
  storage: Storage,
  input: Buffer,
  prefix: string,
  options: StorePhotoOptions = {},
): Promise<StoredPhoto> {
  if (!PREFIX_RE.test(prefix)) throw new Error(`invalid photo prefix: ${prefix}`);
  const id = options.id ?? crypto.randomBytes(16).toString('hex');
  if (!ID_RE.test(id)) throw new Error(`invalid photo id: ${id}`);
  const { variants, width, height } = await processPhoto(input, { effort: options.effort });
  const key = `${prefix}/${id}`;
  try {
    await Promise.all(
      PHOTO_VARIANTS.map((v) => storage.put(photoVariantKey(key, v), variants[v], 'image/webp')),
    );
  } catch (err) {
    await deletePhoto(storage, key).catch(() => undefined);
    throw err;
  }
  return { key, width, height };
}

export async function deletePhoto(storage: Storage, photoKey: string): Promise<void> {
  await Promise.all(PHOTO_VARIANTS.map((v) => storage.delete(photoVariantKey(photoKey, v))));
}

export function photoUrls(storage: Storage, photoKey: string): Record<PhotoVariant, string> {
  return {
    thumb: storage.url(photoVariantKey(photoKey, 'thumb')),
    lite: storage.url(photoVariantKey(photoKey, 'lite')),
    card: storage.url(photoVariantKey(photoKey, 'card')),
    full: storage.url(photoVariantKey(photoKey, 'full')),
  };
}

const LITE_SUFFIX = '-lite.webp';

/**
 * The lite card of a photo stored before lite cards existed (a member's `photos/…-lite.webp`,
 * a chat's `private/…-lite.webp`): drawn from the card beside it, stored, and returned; null
 * when `key` is not a lite card's or there is no card either.
 */
async function backfillLite(storage: Storage, key: string): Promise<Buffer | null> {
  if (!key.endsWith(LITE_SUFFIX)) return null;
  const card = await storage.get(`${key.slice(0, -LITE_SUFFIX.length)}-card.webp`);
  if (!card) return null;
  const lite = await liteFromCard(card.body);
  await storage.put(key, lite, 'image/webp');
  return lite;
}

/** The stored file at `key`, or, for a lite card never stored, one drawn now (backfillLite). */
export async function getPhotoFile(storage: Storage, key: string): Promise<StoredObject | null> {
  const stored = await storage.get(key);
  if (stored) return stored;
  const lite = await backfillLite(storage, key);
  return lite && { body: lite, contentType: 'image/webp' };
}
