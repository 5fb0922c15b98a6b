/**
 * The photo and crop rules of the wizard (spec 1 §5) and of profile editing (spec 2 §5), in one
 * place and without the DOM so each rule is tested on its own: an image type, under 5 MB, a
 * square crop tool of at least 30 px that starts 90 % wide and centred, and an applied area of
 * at least 10 in each dimension — percent of the image in the wizard, pixels on profile edit.
 */
import { centerCrop, makeAspectCrop, type PercentCrop } from 'react-image-crop';
import { PHOTO_MAX_BYTES } from '@app/shared';

export const CROP_TOOL_MIN_PX = 30;
const CROP_MIN = 10;
export const DEFAULT_CROP_PERCENT = 90;

export type PhotoProblem = 'invalid' | 'tooLarge';

/** Why a chosen file cannot be a profile photo, or null when it can. */
export function photoFileProblem(file: { type: string; size: number }): PhotoProblem | null {
  if (!file.type.startsWith('image/')) return 'invalid';
  if (file.size >= PHOTO_MAX_BYTES) return 'tooLarge';
  return null;
}

/** The first crop on an image shown at width × height: a square 90 % of its short side, centred. */
export function defaultCrop(width: number, height: number): PercentCrop {
  const side = width > height ? { height: DEFAULT_CROP_PERCENT } : { width: DEFAULT_CROP_PERCENT };
  return centerCrop(makeAspectCrop({ unit: '%', ...side }, 1, width, height), width, height);
}

/**
 * Whether an area may be applied. The wizard counts its minimum in percent of the image
 * (spec 1); profile editing counts it in pixels of the image as shown (spec 2).
 */
export function cropIsValid(
  crop: PercentCrop | undefined,
  shown: { width: number; height: number } | null,
  unit: 'percent' | 'px',
): boolean {
  if (!crop || !shown) return false;
  if (unit === 'percent') return crop.width >= CROP_MIN && crop.height >= CROP_MIN;
  return (
    (crop.width * shown.width) / 100 >= CROP_MIN && (crop.height * shown.height) / 100 >= CROP_MIN
  );
}
