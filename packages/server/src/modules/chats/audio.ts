/**
 * Voice messages: the container is recognised from the bytes, not from the declared type, and
 * its length is read from the container where it records one (audio-container.ts): the figure
 * the browser declares is used only when the container does not say. Longer than
 * AUDIO_MAX_SECONDS: 413. Video, pictures (HEIF/AVIF) or an MP4 without a sound track: 415.
 */
import { AUDIO_MAX_SECONDS, CHAT_MSG } from '@app/shared';
import { AppError } from '../../errors.js';
import { containerFacts } from './audio-container.js';

export interface SniffedAudio {
  ext: 'webm' | 'ogg' | 'wav' | 'm4a';
  contentType: string;
}

export function sniffAudio(b: Buffer): SniffedAudio | null {
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

const invalidAudio = () => new AppError('invalid_audio', CHAT_MSG.invalidAudio, { status: 415 });

export function checkAudio(buffer: Buffer, declared: string | undefined) {
  const audio = sniffAudio(buffer);
  if (!audio) throw invalidAudio();
  const facts = containerFacts(audio.ext, buffer);
  if (facts.notAudio) throw invalidAudio();
  const declaredS = Number(declared ?? 0);
  const measured = facts.seconds ?? (Number.isFinite(declaredS) ? declaredS : 0);
  const seconds = Math.round(measured);
  if (seconds > AUDIO_MAX_SECONDS)
    throw new AppError('audio_too_long', CHAT_MSG.audioTooLong, { status: 413 });
  return { ...audio, seconds: Math.max(1, seconds) };
}
