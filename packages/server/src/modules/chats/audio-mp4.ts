/**
 * MP4 (ISO BMFF) voice messages: is it audio, and how long is it. The ftyp brands of still images
 * (HEIF, AVIF), QuickTime and video files, a video or picture track, or no sound track at all:
 * not audio. Length: mvhd duration / timescale; a fragmented recording (Chrome's and Safari's
 * MediaRecorder) leaves mvhd at 0, so mehd, else the end of the sound track's last fragment
 * (tfdt + the trun sample durations) over that track's mdhd timescale.
 */
import type { ContainerFacts } from './audio-container.js';

const NOT_AUDIO_BRANDS: ReadonlySet<string> = new Set(
  [
    ['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs', 'mif1', 'msf1'], // HEIF
    ['avif', 'avis', 'avci'], // AVIF and AVC images
    ['qt  ', 'M4V ', 'M4VH', 'M4VP', 'crx ', 'jpeg'], // QuickTime, video, camera raw
  ].flat(),
);

interface Box {
  type: string;
  dataAt: number;
  end: number;
}

function* boxes(b: Buffer, from: number, to: number): Generator<Box> {
  let at = from;
  while (at + 8 <= to) {
    let size = b.readUInt32BE(at);
    const type = b.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) return;
      size = Number(b.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) {
      size = to - at;
    }
    if (size < header) return;
    yield { type, dataAt: at + header, end: Math.min(at + size, to) };
    at += size;
  }
}

const children = (b: Buffer, box: Box, type: string) =>
  [...boxes(b, box.dataAt, box.end)].filter((x) => x.type === type);
const child = (b: Buffer, box: Box, type: string): Box | undefined => children(b, box, type)[0];
const fits = (box: Box | undefined, bytes: number): box is Box =>
  !!box && box.dataAt + bytes <= box.end;

/** A full box's field that is 32 bits in version 0 and 64 bits in version 1. */
function versioned(b: Buffer, box: Box, at0: number, at1: number) {
  return b[box.dataAt] === 1
    ? Number(b.readBigUInt64BE(box.dataAt + at1))
    : b.readUInt32BE(box.dataAt + at0);
}

/** Timescale and duration of mvhd / mdhd (same layout after the version). */
function header(b: Buffer, box: Box | undefined) {
  if (!fits(box, 20)) return null;
  const v1 = b[box.dataAt] === 1;
  if (v1 && !fits(box, 32)) return null;
  return {
    timescale: b.readUInt32BE(box.dataAt + (v1 ? 20 : 12)),
    duration: versioned(b, box, 16, 24),
  };
}

interface Track {
  id: number;
  handler: string;
  timescale: number;
}

function tracksOf(b: Buffer, moov: Box): Track[] {
  return children(b, moov, 'trak').map((trak) => {
    const tkhd = child(b, trak, 'tkhd');
    const mdia = child(b, trak, 'mdia');
    const hdlr = mdia && child(b, mdia, 'hdlr');
    return {
      id: fits(tkhd, 24) ? b.readUInt32BE(tkhd.dataAt + (b[tkhd.dataAt] === 1 ? 20 : 12)) : 0,
      handler: fits(hdlr, 12) ? b.toString('latin1', hdlr.dataAt + 8, hdlr.dataAt + 12) : '',
      timescale: header(b, mdia && child(b, mdia, 'mdhd'))?.timescale ?? 0,
    };
  });
}

/** Where one track fragment ends, in the track's timescale; null when it does not say. */
function fragmentEnd(b: Buffer, traf: Box, defaultDuration: number): number | null {
  const tfhd = child(b, traf, 'tfhd');
  if (!fits(tfhd, 8)) return null;
  const flags = b.readUIntBE(tfhd.dataAt + 1, 3);
  let at = tfhd.dataAt + 8 + (flags & 0x01 ? 8 : 0) + (flags & 0x02 ? 4 : 0);
  const perFragment = flags & 0x08 && at + 4 <= tfhd.end ? b.readUInt32BE(at) : defaultDuration;
  const tfdt = child(b, traf, 'tfdt');
  let end = fits(tfdt, 8) ? versioned(b, tfdt, 4, 4) : 0;
  for (const trun of children(b, traf, 'trun')) {
    if (!fits(trun, 8)) return null;
    const f = b.readUIntBE(trun.dataAt + 1, 3);
    const count = b.readUInt32BE(trun.dataAt + 4);
    at = trun.dataAt + 8 + (f & 0x01 ? 4 : 0) + (f & 0x04 ? 4 : 0);
    const stride = [0x100, 0x200, 0x400, 0x800].filter((bit) => f & bit).length * 4;
    if (!(f & 0x100)) {
      end += count * perFragment;
      continue;
    }
    if (at + count * stride > trun.end) return null;
    for (let i = 0; i < count; i++) end += b.readUInt32BE(at + i * stride);
  }
  return end;
}

/** The end of the sound track's last fragment, in seconds. */
function fragmentedSeconds(b: Buffer, top: Box[], moov: Box, sound: Track): number | null {
  const mvex = child(b, moov, 'mvex');
  const trex = mvex ? children(b, mvex, 'trex') : [];
  const ownTrex = trex.find((t) => fits(t, 16) && b.readUInt32BE(t.dataAt + 4) === sound.id);
  const defaultDuration = ownTrex ? b.readUInt32BE(ownTrex.dataAt + 12) : 0;
  let end: number | null = null;
  for (const moof of top.filter((x) => x.type === 'moof')) {
    for (const traf of children(b, moof, 'traf')) {
      const tfhd = child(b, traf, 'tfhd');
      if (!fits(tfhd, 8) || b.readUInt32BE(tfhd.dataAt + 4) !== sound.id) continue;
      const e = fragmentEnd(b, traf, defaultDuration);
      if (e !== null) end = Math.max(end ?? 0, e);
    }
  }
  return end !== null && sound.timescale ? end / sound.timescale : null;
}

function movieSeconds(b: Buffer, top: Box[], moov: Box, sound: Track): number | null {
  const mvhd = header(b, child(b, moov, 'mvhd'));
  const unset = (d: number) => d === 0 || d === 0xffffffff || d >= Number.MAX_SAFE_INTEGER;
  if (mvhd && mvhd.timescale && !unset(mvhd.duration)) return mvhd.duration / mvhd.timescale;
  const mvex = child(b, moov, 'mvex');
  const mehd = mvex && child(b, mvex, 'mehd');
  if (mvhd?.timescale && fits(mehd, 8)) {
    const d = versioned(b, mehd, 4, 4);
    if (!unset(d)) return d / mvhd.timescale;
  }
  return fragmentedSeconds(b, top, moov, sound);
}

export function mp4Facts(b: Buffer): ContainerFacts {
  const refused = { seconds: null, notAudio: true };
  const top = [...boxes(b, 0, b.length)];
  const ftyp = top[0];
  if (ftyp?.type !== 'ftyp' || !fits(ftyp, 8)) return refused;
  const brands = [b.toString('latin1', ftyp.dataAt, ftyp.dataAt + 4)];
  for (let at = ftyp.dataAt + 8; at + 4 <= ftyp.end; at += 4)
    brands.push(b.toString('latin1', at, at + 4));
  if (brands.some((brand) => NOT_AUDIO_BRANDS.has(brand))) return refused;
  const moov = top.find((x) => x.type === 'moov');
  const tracks = moov ? tracksOf(b, moov) : [];
  const sound = tracks.find((t) => t.handler === 'soun');
  if (!moov || !sound || tracks.some((t) => t.handler === 'vide' || t.handler === 'pict'))
    return refused;
  const seconds = movieSeconds(b, top, moov, sound);
  return {
    seconds: seconds !== null && Number.isFinite(seconds) ? seconds : null,
    notAudio: false,
  };
}
