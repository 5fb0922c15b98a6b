/**
 * What a voice message's container says about itself, read from the bytes without a decoder:
 * its length in seconds where the container records it, and whether it carries video (refused).
 *
 * - Ogg (Opus, Vorbis): granule position of the last page, over 48 kHz minus pre-skip (Opus) or
 *   over the sample rate of the identification header (Vorbis).
 * - WebM / Matroska: the Segment Info Duration; browsers' MediaRecorder leaves it out, so
 *   otherwise the start of the last block (cluster timecode + block offset).
 * - MP4 (audio-mp4.ts): mvhd duration / timescale, or for a fragmented recording the end of its
 *   last fragment; the ftyp brands and the track handlers tell audio from pictures and video.
 * - WAV: data size / byte rate.
 *
 * `seconds` is null when the container does not say (an Ogg codec other than Opus or Vorbis, a
 * damaged file): the caller falls back to the declared duration.
 */

import { mp4Facts } from './audio-mp4.js';

export interface ContainerFacts {
  seconds: number | null;
  /** Video, a still image or no audio track: not a voice message. */
  notAudio: boolean;
}

const finite = (s: number) => (Number.isFinite(s) && s >= 0 ? s : null);

// ---------------------------------------------------------------- Ogg

const OGG_HEADER = 27;

function oggPageAt(b: Buffer, at: number) {
  if (at + OGG_HEADER > b.length || b.toString('latin1', at, at + 4) !== 'OggS') return null;
  const segments = b[at + 26] ?? 0;
  const bodyAt = at + OGG_HEADER + segments;
  if (bodyAt > b.length) return null;
  return { granule: b.readBigInt64LE(at + 6), serial: b.readUInt32LE(at + 14), bodyAt };
}

export function oggSeconds(b: Buffer): number | null {
  const first = oggPageAt(b, 0);
  if (!first) return null;
  const head = b.subarray(first.bodyAt, first.bodyAt + 30);
  let rate: number;
  let preSkip = 0;
  if (head.toString('latin1', 0, 8) === 'OpusHead' && head.length >= 12) {
    rate = 48_000; // Opus granules always count 48 kHz samples.
    preSkip = head.readUInt16LE(10);
  } else if (head.toString('latin1', 0, 7) === '\x01vorbis' && head.length >= 16) {
    rate = head.readUInt32LE(12);
  } else {
    return null;
  }
  if (!rate) return null;
  // The last page of this stream with a granule position (-1 means "no packet ends here").
  for (let at = b.lastIndexOf('OggS', b.length - 4, 'latin1'); at > 0;) {
    const page = oggPageAt(b, at);
    if (page && page.serial === first.serial && page.granule >= 0n) {
      return finite((Number(page.granule) - preSkip) / rate);
    }
    at = b.lastIndexOf('OggS', at - 1, 'latin1');
  }
  return null;
}

// ---------------------------------------------------------------- WebM / Matroska (EBML)

const EBML = {
  segment: 0x18538067,
  info: 0x1549a966,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackType: 0x83,
  cluster: 0x1f43b675,
  blockGroup: 0xa0,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  clusterTimecode: 0xe7,
  simpleBlock: 0xa3,
  block: 0xa1,
} as const;
// Containers whose children are read in line, sizes (often "unknown" when recorded live) ignored.
const DESCEND: ReadonlySet<number> = new Set([
  EBML.segment,
  EBML.info,
  EBML.tracks,
  EBML.trackEntry,
  EBML.cluster,
  EBML.blockGroup,
]);
const TRACK_VIDEO = 1;

/** A variable-length integer: its value (marker bit kept for ids) and length; null if invalid. */
function vint(b: Buffer, at: number, keepMarker: boolean) {
  const first = b[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23; // 1..8
  if (at + length > b.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = b[at + i] ?? 0;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { value, length, unknownSize: !keepMarker && allOnes };
}

function readUint(b: Buffer, at: number, size: number) {
  let v = 0;
  for (let i = 0; i < size; i++) v = v * 256 + (b[at + i] ?? 0);
  return v;
}

export function webmFacts(b: Buffer): ContainerFacts {
  let scale = 1_000_000; // ns per timecode unit (Matroska default)
  let declared: number | null = null;
  let clusterTime = 0;
  let lastBlock: number | null = null;
  let hasVideo = false;
  let at = 0;
  while (at < b.length) {
    const id = vint(b, at, true);
    const size = id && vint(b, at + id.length, false);
    if (!id || !size) break;
    const dataAt = at + id.length + size.length;
    if (DESCEND.has(id.value)) {
      at = dataAt;
      continue;
    }
    if (size.unknownSize || dataAt + size.value > b.length) break;
    const n = size.value;
    if (id.value === EBML.timecodeScale) scale = readUint(b, dataAt, n) || scale;
    else if (id.value === EBML.duration && (n === 4 || n === 8))
      declared = n === 4 ? b.readFloatBE(dataAt) : b.readDoubleBE(dataAt);
    else if (id.value === EBML.clusterTimecode) clusterTime = readUint(b, dataAt, n);
    else if (id.value === EBML.trackType) hasVideo ||= readUint(b, dataAt, n) === TRACK_VIDEO;
    else if (id.value === EBML.simpleBlock || id.value === EBML.block) {
      const track = vint(b, dataAt, false);
      if (track && n >= track.length + 2) {
        const t = clusterTime + b.readInt16BE(dataAt + track.length);
        lastBlock = Math.max(lastBlock ?? 0, t);
      }
    }
    at = dataAt + n;
  }
  const units = declared ?? lastBlock;
  return { seconds: units === null ? null : finite((units * scale) / 1e9), notAudio: hasVideo };
}

// ---------------------------------------------------------------- WAV

export function wavSeconds(b: Buffer): number | null {
  const byteRate = b.length >= 32 ? b.readUInt32LE(28) : 0;
  if (!byteRate) return null;
  return finite((b.length - 44) / byteRate);
}

export function containerFacts(ext: 'webm' | 'ogg' | 'wav' | 'm4a', b: Buffer): ContainerFacts {
  switch (ext) {
    case 'ogg':
      return { seconds: oggSeconds(b), notAudio: false };
    case 'webm':
      return webmFacts(b);
    case 'm4a':
      return mp4Facts(b);
    case 'wav':
      return { seconds: wavSeconds(b), notAudio: false };
  }
}
