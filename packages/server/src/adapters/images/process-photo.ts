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
  /** The card for mobile data: the same framing, 320 wide (a 360 px phone's card at 1x). */
  liteWidth: 320,
  full: 1080,
} as const;

/**
 * WebP qualities. The thumbnail is at most 80 CSS px (2x), where 65 is indistinguishable from
 * more; the lite card, for mobile data, trades sharpness on 2x screens for under half the card's
 * bytes. Both are small enough for the encoder's slowest, tightest effort (a few ms).
 */
const QUALITY = { thumb: 65, lite: 45, card: 78, full: 78 } as const;
const SMALL_EFFORT = 6;

/**
 * The AVIF twins of the two variants lists show by the dozen (the feed's thumbnails, the swipe
 * deck's lite cards): a third to two fifths fewer bytes than the WebP at the same look (measured
 * on a real photograph: 5.9 → 3.3 KB for the lite card, 2.4 → 1.6 KB for the thumbnail). AVIF's
 * quality scale is not WebP's: these were chosen side by side with the WebP qualities above (the
 * lite card at 30 shows no difference from 35 at 320 px, and is 10 to 15 % lighter). Browsers
 * that cannot show AVIF take the WebP (ui/Photo.tsx).
 */
const AVIF_QUALITY = { thumb: 40, lite: 30 } as const;

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
  /** The card for members on mobile data (the swipe deck, the nearby sheet). */
  lite: Buffer;
  card: Buffer;
  full: Buffer;
}

/** The AVIF twins of the small variants (AVIF_QUALITY). */
export interface AvifVariants {
  thumb: Buffer;
  lite: Buffer;
}

export interface ProcessedPhoto {
  variants: PhotoVariants;
  /** Present when asked for (ProcessPhotoOptions.avif). */
  avif: AvifVariants | null;
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
  /** The `full` variant's effort when it differs (the demo seed's, shown only when opened). */
  fullEffort?: number;
  /**
   * Also encode the AVIF twins of the thumbnail and the lite card, at this AVIF effort 0-9
   * (profile photos: they are shown in lists; chat photos are not). The seed lowers it.
   */
  avifEffort?: number;
}

interface Frame {
  width: number;
  height: number;
}

/** A card's frame: `maxWidth` wide at most, never wider than the picture, at most 3:4 tall. */
function cardFrame(width: number, height: number, maxWidth: number): Frame {
  const w = Math.min(maxWidth, width);
  const h = Math.max(
    1,
    Math.min(
      Math.round((PHOTO_SIZES.cardMaxHeight * w) / PHOTO_SIZES.cardWidth),
      Math.round((height * w) / width),
    ),
  );
  return { width: w, height: h };
}

/** The lite card of a stored card (a photo stored before lite cards existed). */
export async function liteFromCard(card: Buffer): Promise<Buffer> {
  return sharp(card, { limitInputPixels: PHOTO_MAX_PIXELS })
    .resize({ width: PHOTO_SIZES.liteWidth, withoutEnlargement: true })
    .webp({ quality: QUALITY.lite, effort: SMALL_EFFORT })
    .toBuffer();
}

/**
 * The AVIF twin of a stored small variant (a photo stored before AVIF twins existed): the
 * thumbnail from the WebP thumbnail, the lite card from the card (one lossy step, not two).
 */
export async function avifFromStored(variant: keyof AvifVariants, source: Buffer) {
  const image = sharp(source, { limitInputPixels: PHOTO_MAX_PIXELS });
  if (variant === 'lite') {
    image.resize({ width: PHOTO_SIZES.liteWidth, withoutEnlargement: true });
  }
  return image.avif({ quality: AVIF_QUALITY[variant], effort: 4 }).toBuffer();
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

  const card = cardFrame(width, height, PHOTO_SIZES.cardWidth);
  const lite = cardFrame(width, height, PHOTO_SIZES.liteWidth);
  // A picture no larger than the card (an avatar, a small upload) needs only one encoding.
  const cardIsFull = card.width === width && card.height === height;
  const fitted = (frame: Frame) =>
    fromRaw().resize(frame.width, frame.height, { fit: 'cover', position: 'attention' });
  const framed = (frame: Frame, quality: number, frameEffort = effort) =>
    fitted(frame).webp({ quality, effort: frameEffort }).toBuffer();
  const thumbFrame = { width: PHOTO_SIZES.thumb, height: PHOTO_SIZES.thumb };
  const avifEffort = options.avifEffort;
  const [thumb, full, cardBytes, liteBytes, avif] = await Promise.all([
    framed(thumbFrame, QUALITY.thumb, SMALL_EFFORT),
    fromRaw()
      .webp({ quality: QUALITY.full, effort: options.fullEffort ?? effort })
      .toBuffer(),
    cardIsFull ? null : framed(card, QUALITY.card),
    framed(lite, QUALITY.lite, SMALL_EFFORT),
    avifEffort === undefined
      ? null
      : Promise.all([
          fitted(thumbFrame).avif({ quality: AVIF_QUALITY.thumb, effort: avifEffort }).toBuffer(),
          fitted(lite).avif({ quality: AVIF_QUALITY.lite, effort: avifEffort }).toBuffer(),
        ]).then(([t, l]) => ({ thumb: t, lite: l })),
  ]);
  return {
    variants: { thumb, lite: liteBytes, card: cardBytes ?? full, full },
    avif,
    width,
    height,
  };
}
