/**
 * Picture files for component tests: a PNG whose header gives its size (all the simulated
 * page reads of an image), and a 2D canvas that records what the app draws and encodes, since
 * the simulated page has no graphics of its own.
 */
import { vi } from 'vitest';

function crc32(bytes: Uint8Array): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** A PNG file of width × height pixels (signature, IHDR, IEND). */
export function pngFile(name: string, width: number, height: number): File {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const signature = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const parts = [signature, chunk('IHDR', header), chunk('IEND', new Uint8Array())];
  return new File(parts, name, { type: 'image/png' });
}

export interface CanvasRecord {
  /** drawImage's arguments after the image: source x, y, width, height, then the target's. */
  drawn: number[];
  width: number;
  height: number;
  type?: string;
  quality?: unknown;
}

/** Records each canvas the app draws an image on and encodes; restored by vi.restoreAllMocks. */
export function recordCanvases(): CanvasRecord[] {
  const records: CanvasRecord[] = [];
  let current: CanvasRecord = { drawn: [], width: 0, height: 0 };
  const context = {
    fillStyle: '',
    imageSmoothingQuality: 'low',
    fillRect: () => undefined,
    drawImage: (_image: unknown, ...args: number[]) => {
      current.drawn = args;
    },
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (
    this: HTMLCanvasElement,
  ) {
    current = { drawn: [], width: this.width, height: this.height };
    records.push(current);
    return context as unknown as CanvasRenderingContext2D;
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done, type, quality) => {
    Object.assign(current, { type, quality });
    done(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], { type }));
  });
  return records;
}
