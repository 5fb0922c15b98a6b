/**
 * Media helpers: the large variant of a member photo for the viewer, photos shrunk on the phone
 * before upload (a 4 MB camera photo becomes a few hundred KB of costly data), and the voice
 * format the browser can record.
 */
import { connectionOf, onMobileData } from '../../lib/dataSaver/connection';
import { savingData } from '../../lib/dataSaver/dataSaver';
import {
  UPLOAD_IMAGE_MAX_PX,
  UPLOAD_IMAGE_QUALITY,
  UPLOAD_IMAGE_LIGHT_MAX_PX,
  UPLOAD_IMAGE_LIGHT_QUALITY,
} from './constants';

/** Member photos come in -thumb, -card and -full variants: the viewer shows the full one. */
export function fullPhotoUrl(url: string): string {
  return url.replace(/-(thumb|card)\.webp(\?|$)/, '-full.webp$2');
}

/** The 160 px variant, for a small round avatar (the card would cost ten times the bytes). */
export function thumbPhotoUrl(url: string): string {
  return url.replace(/-(card|full)\.webp(\?|$)/, '-thumb.webp$2');
}

/** How a photo is encoded before upload: the longest side in pixels and the encoder quality. */
interface UploadEncoding {
  maxPx: number;
  quality: number;
}

/** The encoding for this upload: lighter on mobile data or with « Économie de données ». */
function uploadEncoding(light: boolean): UploadEncoding {
  return light
    ? { maxPx: UPLOAD_IMAGE_LIGHT_MAX_PX, quality: UPLOAD_IMAGE_LIGHT_QUALITY }
    : { maxPx: UPLOAD_IMAGE_MAX_PX, quality: UPLOAD_IMAGE_QUALITY };
}

/** The canvas as `type`, or null when the browser cannot encode it (it then gives a PNG). */
function encode(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) =>
    canvas.toBlob((blob) => resolve(blob?.type === type ? blob : null), type, quality),
  );
}

/**
 * A WebP (JPEG where the browser cannot write WebP) at most `maxPx` on its longest side; the
 * original if that fails or is no smaller. The server keeps nothing larger, so nothing is lost.
 */
export async function shrinkImage(
  file: File,
  { maxPx, quality }: UploadEncoding = uploadEncoding(savingData() || onMobileData(connectionOf())),
): Promise<Blob> {
  if (typeof createImageBitmap !== 'function' || file.type === 'image/gif') return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, maxPx / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    const ctx = canvas.getContext('2d');
    if (!ctx) return file;
    ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const webp = await encode(canvas, 'image/webp', quality);
    const blob = webp ?? (await encode(canvas, 'image/jpeg', quality));
    if (!blob || blob.size >= file.size) return file;
    return new File([blob], webp ? 'photo.webp' : 'photo.jpg', { type: blob.type });
  } catch {
    return file;
  }
}

/** webm when the browser records it (spec 2 §5), else what it can, else wav. */
const VOICE_FORMATS = [
  { mime: 'audio/webm;codecs=opus', name: 'voice.webm' },
  { mime: 'audio/webm', name: 'voice.webm' },
  { mime: 'audio/ogg;codecs=opus', name: 'voice.ogg' },
  { mime: 'audio/mp4', name: 'voice.m4a' },
] as const;

export function voiceFormat(): { mime: string | null; name: string } {
  const supported =
    typeof MediaRecorder !== 'undefined' && typeof MediaRecorder.isTypeSupported === 'function'
      ? VOICE_FORMATS.find((f) => MediaRecorder.isTypeSupported(f.mime))
      : undefined;
  return supported
    ? { mime: supported.mime, name: supported.name }
    : { mime: null, name: 'voice.wav' };
}

/** '0:07', '1:32'. */
export function clockOf(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
