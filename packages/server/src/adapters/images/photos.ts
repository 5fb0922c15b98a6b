/**
 * Stores a processed photo's four WebP variants under keys we generate
 * (`photos/<prefix>/<hex>-thumb.webp`, `-lite`, `-card`, `-full`), with the AVIF twins of the
 * thumbnail and the lite card beside them (`-thumb.avif`, `-lite.avif`: the app asks for those
 * by the WebP's address with its extension changed), and gives the addresses to show them.
 * The photo key kept in the database is `<prefix>/<hex>`. This is the images adapter's entry.
 */
import crypto from 'node:crypto';
import type { Storage, StoredObject } from '../storage/storage.js';
import {
  avifFromStored,
  liteFromCard,
  processPhoto,
  type AvifVariants,
  type PhotoVariants,
  type ProcessPhotoOptions,
} from './process-photo.js';

export { processPhoto } from './process-photo.js';

export type PhotoVariant = keyof PhotoVariants;
const PHOTO_VARIANTS: readonly PhotoVariant[] = ['thumb', 'lite', 'card', 'full'];
const AVIF_VARIANTS: readonly (keyof AvifVariants)[] = ['thumb', 'lite'];
/** AVIF effort for an upload: the smallest files for a second of work, once per photo. */
const UPLOAD_AVIF_EFFORT = 4;

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

const avifVariantKey = (photoKey: string, variant: keyof AvifVariants) =>
  `photos/${photoKey}-${variant}.avif`;

export interface StorePhotoOptions extends ProcessPhotoOptions {
  /** A fixed hex id instead of a random one (the demo seed, for reproducible runs). */
  id?: string;
  /**
   * false: no AVIF twins now; getPhotoFile draws each from its WebP the first time it is asked
   * for (the demo seed, whose 320 portraits would otherwise take twice as long).
   */
  avif?: boolean;
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
  const { variants, avif, width, height } = await processPhoto(input, {
    effort: options.effort,
    fullEffort: options.fullEffort,
    avifEffort: options.avif === false ? undefined : (options.avifEffort ?? UPLOAD_AVIF_EFFORT),
  });
  const key = `${prefix}/${id}`;
  try {
    await Promise.all([
      ...PHOTO_VARIANTS.map((v) => storage.put(photoVariantKey(key, v), variants[v], 'image/webp')),
      ...AVIF_VARIANTS.map((v) =>
        avif ? storage.put(avifVariantKey(key, v), avif[v], 'image/avif') : null,
      ),
    ]);
  } catch (err) {
    await deletePhoto(storage, key).catch(() => undefined);
    throw err;
  }
  return { key, width, height };
}

export async function deletePhoto(storage: Storage, photoKey: string): Promise<void> {
  await Promise.all([
    ...PHOTO_VARIANTS.map((v) => storage.delete(photoVariantKey(photoKey, v))),
    ...AVIF_VARIANTS.map((v) => storage.delete(avifVariantKey(photoKey, v))),
  ]);
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

const AVIF_TWIN_RE = /^(photos\/.+)-(thumb|lite)\.avif$/;

/**
 * The AVIF twin of a profile photo stored before twins existed, drawn from its WebP thumbnail
 * or its card, stored, and returned; null when `key` is not a twin's or its source is missing.
 */
async function backfillAvif(storage: Storage, key: string): Promise<Buffer | null> {
  const twin = AVIF_TWIN_RE.exec(key);
  if (!twin) return null;
  const variant = twin[2] as keyof AvifVariants;
  const source = await storage.get(`${twin[1]}-${variant === 'lite' ? 'card' : 'thumb'}.webp`);
  if (!source) return null;
  const avif = await avifFromStored(variant, source.body);
  await storage.put(key, avif, 'image/avif');
  return avif;
}

/**
 * The stored file at `key`, or, for a lite card or an AVIF twin never stored, one drawn now
 * (backfillLite, backfillAvif).
 */
export async function getPhotoFile(storage: Storage, key: string): Promise<StoredObject | null> {
  const stored = await storage.get(key);
  if (stored) return stored;
  const lite = await backfillLite(storage, key);
  if (lite) return { body: lite, contentType: 'image/webp' };
  const avif = await backfillAvif(storage, key);
  return avif && { body: avif, contentType: 'image/avif' };
}
