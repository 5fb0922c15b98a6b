/** Voice messages: the container is recognised from the bytes, not from the declared type. */
import { AUDIO_MAX_SECONDS, CHAT_MSG } from '@app/shared';
import { AppError } from '../../errors.js';

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

/** WAV carries its length in the header: trust it over the client's figure. */
function wavSeconds(b: Buffer): number | null {
  const byteRate = b.length >= 32 ? b.readUInt32LE(28) : 0;
  if (!byteRate) return null;
  return (b.length - 44) / byteRate;
}

export function checkAudio(buffer: Buffer, declared: string | undefined) {
  const audio = sniffAudio(buffer);
  if (!audio) throw new AppError('invalid_audio', CHAT_MSG.invalidAudio, { status: 415 });
  const declaredS = Number(declared ?? 0);
  const measured = audio.ext === 'wav' ? wavSeconds(buffer) : null;
  const seconds = Math.round(measured ?? (Number.isFinite(declaredS) ? declaredS : 0));
  if (seconds > AUDIO_MAX_SECONDS)
    throw new AppError('audio_too_long', CHAT_MSG.audioTooLong, { status: 413 });
  return { ...audio, seconds: Math.max(1, seconds) };
}
