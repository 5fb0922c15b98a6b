/**
 * Turns the chosen crop into the JPEG we upload (spec 1 §5: quality 0.9). The output is capped
 * in size: a 12-megapixel phone photo would otherwise cost the member megabytes of data.
 */
import type { PercentCrop } from 'react-image-crop';

const JPEG_QUALITY = 0.9;
const MAX_OUTPUT_PX = 1080;

export function cropToJpeg(image: HTMLImageElement, crop: PercentCrop): Promise<Blob> {
  const sx = (image.naturalWidth * crop.x) / 100;
  const sy = (image.naturalHeight * crop.y) / 100;
  const sw = (image.naturalWidth * crop.width) / 100;
  const sh = (image.naturalHeight * crop.height) / 100;
  const scale = Math.min(1, MAX_OUTPUT_PX / Math.max(sw, sh));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(sw * scale));
  canvas.height = Math.max(1, Math.round(sh * scale));
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('canvas 2d unavailable'));
  // JPEG has no transparency: a transparent PNG would turn black without this.
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, sx, sy, sw, sh, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('jpeg encoding failed'))),
      'image/jpeg',
      JPEG_QUALITY,
    ),
  );
}
