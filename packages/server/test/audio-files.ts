/**
 * Small real voice-message containers for tests, written byte by byte: Ogg (Opus, Vorbis) with
 * valid page checksums, WebM (with or without the Segment Info Duration, as MediaRecorder writes
 * it), MP4 (plain or fragmented) with a chosen brand and track handlers, and WAV. The payloads are
 * silence-sized filler: the server reads containers, it does not decode audio.
 */

// ---------------------------------------------------------------- Ogg

const OGG_CRC = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let j = 0; j < 8; j++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    table[i] = r >>> 0;
  }
  return table;
})();

function oggCrc(b: Buffer) {
  let crc = 0;
  for (const byte of b) crc = ((crc << 8) ^ (OGG_CRC[((crc >>> 24) ^ byte) & 0xff] ?? 0)) >>> 0;
  return crc;
}

function oggPage(body: Buffer, granule: bigint, seq: number, headerType: number) {
  const lacing: number[] = [];
  let left = body.length;
  while (left >= 255) {
    lacing.push(255);
    left -= 255;
  }
  lacing.push(left);
  const head = Buffer.alloc(27 + lacing.length);
  head.write('OggS', 0, 'latin1');
  head[5] = headerType;
  head.writeBigInt64LE(granule, 6);
  head.writeUInt32LE(0x5eed, 14);
  head.writeUInt32LE(seq, 18);
  head[26] = lacing.length;
  Buffer.from(lacing).copy(head, 27);
  const page = Buffer.concat([head, body]);
  page.writeUInt32LE(oggCrc(page), 22);
  return page;
}

/** An Ogg Opus file `seconds` long (48 kHz granules, 312 samples of pre-skip). */
export function oggOpus(seconds: number) {
  const preSkip = 312;
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head[8] = 1; // version
  head[9] = 1; // mono
  head.writeUInt16LE(preSkip, 10);
  head.writeUInt32LE(48_000, 12);
  const tags = Buffer.concat([Buffer.from('OpusTags', 'latin1'), Buffer.alloc(8)]);
  const end = BigInt(Math.round(seconds * 48_000) + preSkip);
  return Buffer.concat([
    oggPage(head, 0n, 0, 0x02),
    oggPage(tags, 0n, 1, 0),
    oggPage(Buffer.alloc(300, 0xf8), end / 2n, 2, 0),
    oggPage(Buffer.alloc(300, 0xf8), end, 3, 0x04),
  ]);
}

/** An Ogg Vorbis file `seconds` long at `rate` Hz. */
export function oggVorbis(seconds: number, rate = 44_100) {
  const ident = Buffer.alloc(30);
  ident[0] = 1;
  ident.write('vorbis', 1, 'latin1');
  ident[11] = 1; // channels
  ident.writeUInt32LE(rate, 12);
  ident[29] = 1; // framing
  return Buffer.concat([
    oggPage(ident, 0n, 0, 0x02),
    oggPage(Buffer.alloc(200, 3), BigInt(Math.round(seconds * rate)), 1, 0x04),
  ]);
}

// ---------------------------------------------------------------- WebM (EBML)

function ebmlSize(n: number) {
  const b = Buffer.alloc(8);
  b.writeUInt32BE(Math.floor(n / 2 ** 32), 0);
  b.writeUInt32BE(n >>> 0, 4);
  b[0] = 0x01; // 8-byte size: top byte holds the length marker
  return b;
}
const UNKNOWN_SIZE = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);

function el(id: number, data: Buffer | Buffer[], unknownSize = false) {
  const body = Array.isArray(data) ? Buffer.concat(data) : data;
  const hex = id.toString(16);
  const idBytes = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
  return Buffer.concat([idBytes, unknownSize ? UNKNOWN_SIZE : ebmlSize(body.length), body]);
}
const uint = (n: number, bytes = 4) => {
  const b = Buffer.alloc(bytes);
  b.writeUIntBE(n, 0, bytes);
  return b;
};
const float64 = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(n);
  return b;
};
/** A SimpleBlock of track 1 at `offsetMs` from its cluster's timecode. */
const simpleBlock = (offsetMs: number) => {
  const b = Buffer.alloc(4 + 40, 0xfc);
  b[0] = 0x81; // track 1
  b.writeInt16BE(offsetMs, 1);
  b[3] = 0x80; // keyframe
  return el(0xa3, b);
};

/**
 * A WebM voice recording `seconds` long: with `withDuration` the Segment Info says so, otherwise
 * (as Chrome's MediaRecorder writes it) the segment and clusters have unknown sizes and only the
 * block timecodes tell. `video` adds a video track.
 */
export function webm(seconds: number, opts: { withDuration?: boolean; video?: boolean } = {}) {
  const ms = Math.round(seconds * 1000);
  const header = el(0x1a45dfa3, [el(0x4282, Buffer.from('webm')), el(0x4287, uint(4, 1))]);
  const info = el(0x1549a966, [
    el(0x2ad7b1, uint(1_000_000)),
    ...(opts.withDuration ? [el(0x4489, float64(ms))] : []),
  ]);
  // An Opus sound track (48 kHz mono), or a VP8 picture track.
  const sound = el(0xe1, [el(0xb5, float64(48_000)), el(0x9f, uint(1, 1))]);
  const picture = el(0xe0, [el(0xb0, uint(640, 2)), el(0xba, uint(480, 2))]);
  const track = (n: number, type: number) =>
    el(0xae, [
      el(0xd7, uint(n, 1)),
      el(0x83, uint(type, 1)),
      el(0x86, Buffer.from(type === 1 ? 'V_VP8' : 'A_OPUS')),
      type === 1 ? picture : sound,
    ]);
  const tracks = el(0x1654ae6b, [track(1, 2), ...(opts.video ? [track(2, 1)] : [])]);
  const clusters: Buffer[] = [];
  for (let start = 0; start <= ms; start += 10_000) {
    // A block a second, and the last one at the very end.
    const blocks = [];
    const last = Math.min(9_999, ms - start);
    for (let t = 0; t < last; t += 1000) blocks.push(simpleBlock(t));
    blocks.push(simpleBlock(last));
    clusters.push(el(0x1f43b675, [el(0xe7, uint(start)), ...blocks], !opts.withDuration));
  }
  const segment = el(0x18538067, [info, tracks, ...clusters], !opts.withDuration);
  return Buffer.concat([header, segment]);
}

// ---------------------------------------------------------------- MP4

function box(type: string, ...parts: Buffer[]) {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}
const u32 = (...ns: number[]) => Buffer.concat(ns.map((n) => uint(n)));

function ftyp(brands: string[]) {
  const [major = 'M4A ', ...compatible] = brands;
  return box(
    'ftyp',
    Buffer.from(major, 'latin1'),
    u32(0),
    Buffer.from(compatible.join(''), 'latin1'),
  );
}

/** mvhd or mdhd, version 0: times 0, then timescale and duration. */
const timeHeader = (type: string, timescale: number, duration: number, extra = 80) =>
  box(type, u32(0, 0, 0, timescale, duration), Buffer.alloc(extra));

/** A track's one sample entry: AAC (mono, 16-bit, at `rate` Hz) for sound, else an empty one. */
function sampleTable(handler: string, rate: number) {
  const head = Buffer.concat([Buffer.alloc(6), uint(1, 2)]); // reserved, data reference index
  if (handler !== 'soun') return box('stsd', u32(0, 1), box('avc1', head));
  // Version, revision, vendor; channels, sample size, compression, packet size; 16.16 rate.
  const sound = Buffer.concat([Buffer.alloc(8), uint(1, 2), uint(16, 2), Buffer.alloc(4)]);
  return box('stsd', u32(0, 1), box('mp4a', head, sound, u32(rate * 65536)));
}

function trak(id: number, handler: string, timescale: number, duration: number) {
  const tkhd = box('tkhd', u32(0, 0, 0, id, 0, duration), Buffer.alloc(60));
  const hdlr = box('hdlr', u32(0, 0), Buffer.from(handler, 'latin1'), Buffer.alloc(13));
  // Empty sample tables: the filler is never decoded.
  const tables = ['stts', 'stsc', 'stco'].map((type) => box(type, u32(0, 0)));
  const stbl = box('stbl', sampleTable(handler, timescale), ...tables, box('stsz', u32(0, 0, 0)));
  const minf = box('minf', stbl);
  return box('trak', tkhd, box('mdia', timeHeader('mdhd', timescale, duration, 4), hdlr, minf));
}

/**
 * An MP4 `seconds` long with the given ftyp brands (major first) and track handlers. Fragmented:
 * mvhd says 0 and moof fragments of 1 s carry the samples (1024-sample AAC frames at 48 kHz).
 */
export function mp4(
  seconds: number,
  opts: { brands?: string[]; handlers?: string[]; fragmented?: boolean } = {},
) {
  const handlers = opts.handlers ?? ['soun'];
  const rate = 48_000;
  const total = Math.round(seconds * rate);
  const traks = handlers.map((h, i) => trak(i + 1, h, rate, opts.fragmented ? 0 : total));
  const mvhd = timeHeader('mvhd', 1000, opts.fragmented ? 0 : Math.round(seconds * 1000));
  if (!opts.fragmented) {
    return Buffer.concat([
      ftyp(opts.brands ?? ['M4A ', 'M4A ', 'mp42', 'isom']),
      box('moov', mvhd, ...traks),
      box('mdat', Buffer.alloc(256, 0x21)),
    ]);
  }
  const mvex = box('mvex', box('trex', u32(0, 1, 1, 0, 0, 0)));
  const fragments: Buffer[] = [];
  for (let start = 0, seq = 1; start < total; start += rate, seq++) {
    const frames = Math.ceil(Math.min(rate, total - start) / 1024);
    const durations = Array.from({ length: frames }, (_, i) =>
      Math.min(1024, total - start - i * 1024),
    );
    const tfhd = box('tfhd', u32(0x020000, 1));
    const tfdt = box('tfdt', Buffer.from([1, 0, 0, 0]), uint(0, 4), uint(start));
    const trun = box('trun', u32(0x000301, frames, 0), ...durations.map((d) => u32(d, 10)));
    fragments.push(
      box('moof', box('mfhd', u32(0, seq)), box('traf', tfhd, tfdt, trun)),
      box('mdat', Buffer.alloc(frames * 10, 0x21)),
    );
  }
  return Buffer.concat([
    ftyp(opts.brands ?? ['isom', 'isom', 'iso6', 'iso2', 'mp41']),
    box('moov', mvhd, ...traks, mvex),
    ...fragments,
  ]);
}

// ---------------------------------------------------------------- WAV

/** A 8 kHz, 16-bit mono WAV of silence, `seconds` long. */
export function wav(seconds: number) {
  const rate = 8_000;
  const data = Buffer.alloc(Math.round(seconds * rate) * 2);
  const head = Buffer.alloc(44);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(36 + data.length, 4);
  head.write('WAVEfmt ', 8, 'latin1');
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20); // PCM
  head.writeUInt16LE(1, 22); // mono
  head.writeUInt32LE(rate, 24);
  head.writeUInt32LE(rate * 2, 28); // byte rate
  head.writeUInt16LE(2, 32);
  head.writeUInt16LE(16, 34);
  head.write('data', 36, 'latin1');
  head.writeUInt32LE(data.length, 40);
  return Buffer.concat([head, data]);
}
