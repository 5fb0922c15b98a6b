import { describe, expect, it } from 'vitest';
import type { PercentCrop } from 'react-image-crop';
import { PHOTO_MAX_BYTES } from '@app/shared';
import {
  CROP_TOOL_MIN_PX,
  DEFAULT_CROP_PERCENT,
  cropIsValid,
  defaultCrop,
  photoFileProblem,
} from './cropRules';

const area = (width: number, height: number): PercentCrop => ({
  unit: '%',
  x: 0,
  y: 0,
  width,
  height,
});

describe('photoFileProblem', () => {
  it('takes any image type under 5 MB', () => {
    expect(photoFileProblem({ type: 'image/jpeg', size: 1_000 })).toBeNull();
    expect(photoFileProblem({ type: 'image/webp', size: PHOTO_MAX_BYTES - 1 })).toBeNull();
  });

  it('refuses what is not an image, whatever its size', () => {
    expect(photoFileProblem({ type: 'application/pdf', size: 10 })).toBe('invalid');
    expect(photoFileProblem({ type: '', size: 10 })).toBe('invalid');
    expect(photoFileProblem({ type: 'video/mp4', size: PHOTO_MAX_BYTES * 2 })).toBe('invalid');
  });

  it('refuses an image of 5 MB or more', () => {
    expect(PHOTO_MAX_BYTES).toBe(5 * 1024 * 1024);
    expect(photoFileProblem({ type: 'image/png', size: PHOTO_MAX_BYTES })).toBe('tooLarge');
  });
});

describe('defaultCrop', () => {
  it("is a square 90 % of a portrait photo's width, centred", () => {
    const crop = defaultCrop(300, 400);
    expect(crop.unit).toBe('%');
    expect(crop.width).toBeCloseTo(DEFAULT_CROP_PERCENT);
    expect((crop.height * 400) / 100).toBeCloseTo((crop.width * 300) / 100); // square in pixels
    expect(crop.x).toBeCloseTo(5);
    expect(crop.y + crop.height / 2).toBeCloseTo(50);
  });

  it("is a square 90 % of a landscape photo's height, centred", () => {
    const crop = defaultCrop(800, 200);
    expect(crop.height).toBeCloseTo(DEFAULT_CROP_PERCENT);
    expect((crop.width * 800) / 100).toBeCloseTo((crop.height * 200) / 100);
    expect(crop.y).toBeCloseTo(5);
    expect(crop.x + crop.width / 2).toBeCloseTo(50);
  });

  it('is valid at once on either screen', () => {
    const crop = defaultCrop(320, 240);
    expect(cropIsValid(crop, { width: 320, height: 240 }, 'percent')).toBe(true);
    expect(cropIsValid(crop, { width: 320, height: 240 }, 'px')).toBe(true);
  });
});

describe('cropIsValid', () => {
  it('needs an area and a loaded image', () => {
    expect(cropIsValid(undefined, { width: 300, height: 300 }, 'percent')).toBe(false);
    expect(cropIsValid(area(50, 50), null, 'px')).toBe(false);
  });

  it('wants at least 10 percent each way in the wizard', () => {
    const shown = { width: 2000, height: 2000 };
    expect(cropIsValid(area(10, 10), shown, 'percent')).toBe(true);
    expect(cropIsValid(area(9.9, 50), shown, 'percent')).toBe(false);
    expect(cropIsValid(area(50, 9.9), shown, 'percent')).toBe(false);
  });

  it('wants at least 10 by 10 pixels of the shown image on profile edit', () => {
    const shown = { width: 200, height: 100 };
    expect(cropIsValid(area(5, 10), shown, 'px')).toBe(true); // 10 × 10 px
    expect(cropIsValid(area(4.9, 10), shown, 'px')).toBe(false); // 9.8 px wide
    expect(cropIsValid(area(5, 9.9), shown, 'px')).toBe(false); // 9.9 px high
  });

  it('keeps the crop tool at 30 px or more, above the smallest valid area', () => {
    expect(CROP_TOOL_MIN_PX).toBe(30);
  });
});
