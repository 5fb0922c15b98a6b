/**
 * Turns an uploaded photo into the WebP variants the app displays. The format is read from the
 * content, never from the file name or the declared type; size and pixel limits stop
 * decompression bombs; the picture is turned upright by its EXIF orientation and every piece of
 * metadata (EXIF, GPS, XMP, ICC, comments) is left behind in the re-encoding.
 */
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../errors.js';

const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
const PHOTO_MAX_PIXELS = 40_000_000;
const PHOTO_SIZES = {
  thumb: 160,
  cardWidth: 480,
  cardMaxHeight: 640,
  full: 1080,
} as const;

const PHOTO_MESSAGES = {
  invalid: 'Veuillez sélectionner une image valide',
  tooHeavy: "L'image doit faire moins de 5MB",
  tooManyPixels: "L'image est trop grande (40 mégapixels au maximum)",
} as const;

// AVIF is decoded by the heif loader; HEIC (HEVC) is not in sharp's prebuilt binaries and fails
// at decode time, which ends in the same "invalid image" answer.
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

export interface PhotoVariants {
  thumb: Buffer;
  card: Buffer;
  full: Buffer;
}

export interface ProcessedPhoto {
  variants: PhotoVariants;
  /** Dimensions of the `full` variant, after orientation. */
  width: number;
  height: number;
}

const invalidImage = () => new AppError('invalid_image', PHOTO_MESSAGES.invalid, { status: 400 });

async function readMetadata(input: Buffer): Promise<Metadata> {
  try {
    return await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw invalidImage();
  }
}

/** Checks the content, then decodes once into an upright bitmap no larger than `full`. */
async function decodeUpright(input: Buffer) {
  if (input.length > PHOTO_MAX_BYTES) {
    throw new AppError('image_too_large', PHOTO_MESSAGES.tooHeavy, { status: 413 });
  }
  const meta = await readMetadata(input);
  if (!ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) throw invalidImage();
  if (meta.width * meta.height > PHOTO_MAX_PIXELS) {
    throw new AppError('image_too_large', PHOTO_MESSAGES.tooManyPixels, { status: 413 });
  }
  try {
    // pages: 1 keeps only the first frame of an animated GIF or WebP.
    return await sharp(input, { limitInputPixels: PHOTO_MAX_PIXELS, pages: 1, failOn: 'error' })
      .autoOrient()
      .resize(PHOTO_SIZES.full, PHOTO_SIZES.full, { fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw invalidImage();
  }
}

export interface ProcessPhotoOptions {
  /** WebP encoder effort 0-6 (default 4). The demo seed lowers it to draw hundreds quickly. */
  effort?: number;
}

export async function processPhoto(
  input: Buffer,
  options: ProcessPhotoOptions = {},
): Promise<ProcessedPhoto> {
  const effort = options.effort ?? 4;
  const { data, info } = await decodeUpright(input);
  const { width, height, channels } = info;
  const raw = { raw: { width, height, channels } };
  const fromRaw = () => sharp(data, raw);

  const cardWidth = Math.min(PHOTO_SIZES.cardWidth, width);
  const cardHeight = Math.max(
    1,
    Math.min(
      Math.round((PHOTO_SIZES.cardMaxHeight * cardWidth) / PHOTO_SIZES.cardWidth),
      Math.round((height * cardWidth) / width),
    ),
  );
  // A picture no larger than the card (an avatar, a small upload) needs only one encoding.
  const cardIsFull = cardWidth === width && cardHeight === height;
  const [thumb, full, card] = await Promise.all([
    fromRaw()
      .resize(PHOTO_SIZES.thumb, PHOTO_SIZES.thumb, { fit: 'cover', position: 'attention' })
      .webp({ quality: 75, effort })
      .toBuffer(),
    fromRaw().webp({ quality: 78, effort }).toBuffer(),
    cardIsFull
      ? null
      : fromRaw()
          .resize(cardWidth, cardHeight, { fit: 'cover', position: 'attention' })
          .webp({ quality: 78, effort })
          .toBuffer(),
  ]);
  return { variants: { thumb, card: card ?? full, full }, width, height };
}
