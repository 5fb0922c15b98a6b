/**
 * Voice messages: the container is recognised from the bytes, not from the declared type, and
 * its length is read from the container by music-metadata (Ogg Opus/Vorbis, WAV, MP4 plain or
 * fragmented, WebM with a Duration) or, for a WebM as MediaRecorder writes it, from its last
 * block (audio-webm.ts). The figure the browser declares is used only when the container does not
 * say. Longer than AUDIO_MAX_SECONDS: 413. Video, pictures (HEIF/AVIF), an MP4 without a sound
 * track or one that cannot be read: 415.
 */
import { parseBuffer, type IFormat } from 'music-metadata';
import { AUDIO_MAX_SECONDS, CHAT_MSG } from '@app/shared';
import { AppError } from '../../errors.js';
import { webmFacts } from './audio-webm.js';

export interface SniffedAudio {
  ext: 'webm' | 'ogg' | 'wav' | 'm4a';
  contentType: string;
}

function sniffAudio(b: Buffer): SniffedAudio | null {
  if (b.length < 12) return null;
  if (b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3)
    return { ext: 'webm', contentType: 'audio/webm' };
  if (b.toString('latin1', 0, 4) === 'OggS') return { ext: 'ogg', contentType: 'audio/ogg' };
  if (b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WAVE') {
    return { ext: 'wav', contentType: 'audio/wav' };
  }
  if (b.toString('latin1', 4, 8) === 'ftyp') return { ext: 'm4a', contentType: 'audio/mp4' };
  return null;
}

// MP4 brands of still images (HEIF, AVIF), QuickTime and video files, camera raw.
const NOT_AUDIO_BRANDS: ReadonlySet<string> = new Set(
  [
    ['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs', 'mif1', 'msf1'],
    ['avif', 'avis', 'avci', 'qt', 'M4V', 'M4VH', 'M4VP', 'crx', 'jpeg'],
  ].flat(),
);

export interface AudioFacts {
  /** Null when the container does not say. */
  seconds: number | null;
  /** Video, a still image, no sound track: not a voice message. */
  notAudio: boolean;
}

const finite = (s: number | undefined) =>
  s !== undefined && Number.isFinite(s) && s >= 0 ? s : null;

/** What music-metadata read, or null when it could not read the file at all. */
async function readFormat(b: Buffer): Promise<IFormat | null> {
  try {
    const { format } = await parseBuffer(new Uint8Array(b), undefined, {
      duration: true,
      skipCovers: true,
    });
    return format;
  } catch {
    // Hostile or damaged bytes: the parser's error is no concern of the sender's.
    return null;
  }
}

export async function audioFacts(ext: SniffedAudio['ext'], b: Buffer): Promise<AudioFacts> {
  const format = await readFormat(b);
  if (ext === 'webm') {
    if (format?.duration !== undefined) {
      return { seconds: finite(format.duration), notAudio: format.hasVideo === true };
    }
    const webm = webmFacts(b);
    return { seconds: webm.seconds, notAudio: webm.hasVideo };
  }
  if (ext !== 'm4a') return { seconds: finite(format?.duration), notAudio: false };
  if (!format || format.hasVideo === true) return { seconds: null, notAudio: true };
  const brands = format.container?.split('/') ?? [];
  const hasSound = format.trackInfo.some((t) => t.audio !== undefined);
  if (!hasSound || brands.some((brand) => NOT_AUDIO_BRANDS.has(brand))) {
    return { seconds: null, notAudio: true };
  }
  return { seconds: finite(format.duration), notAudio: false };
}

const invalidAudio = () => new AppError('invalid_audio', CHAT_MSG.invalidAudio, { status: 415 });

export async function checkAudio(buffer: Buffer, declared: string | undefined) {
  const audio = sniffAudio(buffer);
  if (!audio) throw invalidAudio();
  const facts = await audioFacts(audio.ext, buffer);
  if (facts.notAudio) throw invalidAudio();
  const declaredS = Number(declared ?? 0);
  const measured = facts.seconds ?? (Number.isFinite(declaredS) ? declaredS : 0);
  const seconds = Math.round(measured);
  if (seconds > AUDIO_MAX_SECONDS)
    throw new AppError('audio_too_long', CHAT_MSG.audioTooLong, { status: 413 });
  return { ...audio, seconds: Math.max(1, seconds) };
}
