import { describe, expect, it } from 'vitest';
import { AUDIO_MAX_SECONDS, CHAT_MSG } from '@app/shared';
import { mp4, oggOpus, oggVorbis, wav, webm } from '../../../test/audio-files.js';
import { AppError } from '../../errors.js';
import { audioFacts, checkAudio } from './audio.js';

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
  ] as const)('%s: %s', async (ext, _name, short, long) => {
    expect((await audioFacts(ext, short)).seconds).toBeCloseTo(12.4, 1);
    // The browser claims 3 s; the container's 12 s wins.
    expect(await checkAudio(short, '3')).toMatchObject({ ext, seconds: 12 });
    // Longer than the cap: refused whatever the browser claims.
    await expect(checkAudio(long, '5')).rejects.toThrow(CHAT_MSG.audioTooLong);
  });

  it('falls back to the declared duration only when the container does not say', async () => {
    const noLength = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(64)]);
    expect((await checkAudio(noLength, '7')).seconds).toBe(7);
    await expect(checkAudio(noLength, String(tooLong))).rejects.toThrow(CHAT_MSG.audioTooLong);
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
  ])('refuses %s with 415', async (_name, file) => {
    await expect(checkAudio(file, '2')).rejects.toMatchObject({
      status: 415,
      message: CHAT_MSG.invalidAudio,
    });
  });

  it('accepts the audio brands of M4A and ISO files with a sound track only', async () => {
    for (const brands of [
      ['M4A ', 'M4A ', 'mp42', 'isom'],
      ['mp42', 'mp42', 'isom'],
      ['isom', 'iso6'],
    ]) {
      expect(await checkAudio(mp4(4, { brands }), '4')).toMatchObject({ ext: 'm4a', seconds: 4 });
    }
  });
});

describe('hostile uploads', () => {
  // Each real file cut short, then its bytes scrambled after the signature the sniffer reads.
  const files = [
    oggOpus(3),
    oggVorbis(3),
    webm(3),
    webm(3, { withDuration: true }),
    mp4(3),
    wav(3),
  ];
  const mangled = files.flatMap((file) => [
    file.subarray(0, Math.floor(file.length / 2)),
    Buffer.concat([file.subarray(0, 12), Buffer.alloc(file.length - 12, 0xff)]),
    Buffer.concat([file.subarray(0, 12), Buffer.from(file.subarray(12).map((x) => x ^ 0x5a))]),
  ]);

  it('are answered with a voice message, a 413 or a 415, never a crash', async () => {
    for (const file of mangled) {
      const outcome = await checkAudio(file, '4').then(
        () => 'accepted',
        (err: unknown) => (err instanceof AppError ? err.status : err),
      );
      expect(['accepted', 413, 415]).toContain(outcome);
    }
  });
});
