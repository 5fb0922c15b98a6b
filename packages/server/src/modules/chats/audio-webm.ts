/**
 * The length of a WebM voice message as browsers record it. MediaRecorder (Chrome's at least)
 * leaves out the Segment Info Duration and writes the segment and its clusters with an unknown
 * size: music-metadata 11 stops at such a cluster, and would not measure blocks anyway (it does not
 * decode). The length is then the start of the last block (cluster timecode + block offset). Also
 * tells whether a track is video.
 */

export interface WebmFacts {
  seconds: number | null;
  hasVideo: boolean;
}

const finite = (s: number) => (Number.isFinite(s) && s >= 0 ? s : null);

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

export function webmFacts(b: Buffer): WebmFacts {
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
  return { seconds: units === null ? null : finite((units * scale) / 1e9), hasVideo };
}
