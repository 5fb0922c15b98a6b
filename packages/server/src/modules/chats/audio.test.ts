import { describe, expect, it } from 'vitest';
import { AUDIO_MAX_SECONDS, CHAT_MSG } from '@app/shared';
import { mp4, oggOpus, oggVorbis, wav, webm } from '../../../test/audio-files.js';
import { checkAudio } from './audio.js';
import { containerFacts } from './audio-container.js';

const tooLong = AUDIO_MAX_SECONDS + 30;

describe('voice message length read from the container, not from the browser', () => {
  it.each([
    ['ogg', 'Ogg Opus', oggOpus(12.4), oggOpus(tooLong)],
    ['ogg', 'Ogg Vorbis', oggVorbis(12.4), oggVorbis(tooLong)],
    [
      'webm',
      'WebM with a Duration',
      webm(12.4, { withDuration: true }),
      webm(tooLong, { withDuration: true }),
    ],
    ['webm', 'WebM as MediaRecorder writes it', webm(12.4), webm(tooLong)],
    ['m4a', 'MP4', mp4(12.4), mp4(tooLong)],
    ['m4a', 'fragmented MP4', mp4(12.4, { fragmented: true }), mp4(tooLong, { fragmented: true })],
    ['wav', 'WAV', wav(12.4), wav(tooLong)],
  ] as const)('%s: %s', (ext, _name, short, long) => {
    expect(containerFacts(ext, short).seconds).toBeCloseTo(12.4, 1);
    // The browser claims 3 s; the container's 12 s wins.
    expect(checkAudio(short, '3')).toMatchObject({ ext, seconds: 12 });
    // Longer than the cap: refused whatever the browser claims.
    expect(() => checkAudio(long, '5')).toThrow(CHAT_MSG.audioTooLong);
  });

  it('falls back to the declared duration only when the container does not say', () => {
    const noLength = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(64)]);
    expect(checkAudio(noLength, '7').seconds).toBe(7);
    expect(() => checkAudio(noLength, String(tooLong))).toThrow(CHAT_MSG.audioTooLong);
  });
});

describe('what is not a voice message', () => {
  it.each([
    ['a HEIC photo', mp4(2, { brands: ['heic', 'mif1', 'heic'], handlers: ['pict'] })],
    ['an AVIF picture', mp4(2, { brands: ['avif', 'avif', 'mif1', 'miaf'], handlers: ['pict'] })],
    ['a QuickTime movie', mp4(2, { brands: ['qt  ', 'qt  '], handlers: ['vide', 'soun'] })],
    [
      'an MP4 video with sound',
      mp4(2, { brands: ['isom', 'isom', 'mp42'], handlers: ['vide', 'soun'] }),
    ],
    ['an MP4 without a sound track', mp4(2, { brands: ['mp42', 'mp42'], handlers: ['text'] })],
    ['a WebM video', webm(2, { video: true })],
    ['a shell script', Buffer.from('#!/bin/sh\necho pirate\n')],
  ])('refuses %s with 415', (_name, file) => {
    let status = 0;
    try {
      checkAudio(file, '2');
    } catch (err) {
      status = (err as { status?: number }).status ?? -1;
    }
    expect(status).toBe(415);
  });

  it('accepts the audio brands of M4A and ISO files with a sound track only', () => {
    for (const brands of [
      ['M4A ', 'M4A ', 'mp42', 'isom'],
      ['mp42', 'mp42', 'isom'],
      ['isom', 'iso6'],
    ]) {
      expect(checkAudio(mp4(4, { brands }), '4')).toMatchObject({ ext: 'm4a', seconds: 4 });
    }
  });
});
