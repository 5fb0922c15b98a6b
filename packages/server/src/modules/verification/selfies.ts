/**
 * Verification selfies in storage: apart from profile photos, under `selfies/` (never served by
 * /uploads nor by signed media links), re-encoded like every upload (format read from the
 * content, size and pixel limits, EXIF and GPS left behind), one WebP each. They are read only
 * by the console's audited review and deleted when the check is decided.
 */
import crypto from 'node:crypto';
import sharp from 'sharp';
import type { Storage } from '../../adapters/storage/storage.js';
import { processPhoto } from '../../adapters/images/photos.js';

const SELFIE_PREFIX = 'selfies/';

/** A perceptual hash (dHash, 64 bits) as a signed 64-bit integer, the database's bigint. */
async function selfieHash(webp: Buffer): Promise<string> {
  const { data } = await sharp(webp)
    .greyscale()
    .resize(9, 8, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  let bits = 0n;
  for (let y = 0; y < 8; y += 1) {
    for (let x = 0; x < 8; x += 1) {
      const left = data[y * 9 + x] ?? 0;
      const right = data[y * 9 + x + 1] ?? 0;
      bits = (bits << 1n) | (left > right ? 1n : 0n);
    }
  }
  return BigInt.asIntN(64, bits).toString();
}

export interface StoredSelfie {
  key: string;
  hash: string;
}

/** Checks and re-encodes one selfie, stores it, and answers its key and hash. */
export async function storeSelfie(
  storage: Storage,
  userId: number,
  input: Buffer,
): Promise<StoredSelfie> {
  // The pipeline's checks and metadata-free re-encoding; the full variant is what is kept.
  const { variants } = await processPhoto(input);
  const key = `${SELFIE_PREFIX}u${userId}/${crypto.randomBytes(16).toString('hex')}.webp`;
  await storage.put(key, variants.full, 'image/webp');
  return { key, hash: await selfieHash(variants.full) };
}

export async function deleteSelfies(storage: Storage, keys: readonly string[]) {
  await Promise.all(keys.map((k) => storage.delete(k)));
}

/** A selfie as a data: URL for the console's review, or null when the file is gone. */
export async function readSelfie(storage: Storage, key: string): Promise<string | null> {
  const file = await storage.get(key);
  return file ? `data:${file.contentType};base64,${file.body.toString('base64')}` : null;
}
