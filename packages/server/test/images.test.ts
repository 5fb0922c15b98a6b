/**
 * The photo pipeline: format read from the content, limits, upright orientation, no metadata
 * left (EXIF GPS above all), WebP variants at the displayed sizes, storage under our keys, and
 * GET /uploads/* serving them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import { AppError } from '../src/errors.js';
import { LocalStorage } from '../src/adapters/storage/local-storage.js';
import { processPhoto } from '../src/adapters/images/process-photo.js';
import { deletePhoto, photoUrls, storePhoto } from '../src/adapters/images/photos.js';

const tmpRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'images-test-'));
afterAll(() => fs.rmSync(tmpRoot, { recursive: true, force: true }));

const solid = (width: number, height: number, r = 200, g = 120, b = 40) =>
  sharp({ create: { width, height, channels: 3, background: { r, g, b } } });

/** Left half red, right half blue: shows which way a picture was turned. */
async function halves(width: number, height: number) {
  const half = await solid(Math.floor(width / 2), height, 255, 0, 0)
    .png()
    .toBuffer();
  return solid(width, height, 0, 0, 255).composite([{ input: half, left: 0, top: 0 }]);
}

/** A photo-like JPEG: soft shapes (blurred noise) under a fine grain, as a camera gives. */
async function noisyPhoto(width: number, height: number) {
  let seed = 7;
  const next = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 24) & 0xff;
  const noise = () => {
    const buf = Buffer.alloc(width * height * 3);
    for (let i = 0; i < buf.length; i += 1) buf[i] = next();
    return buf;
  };
  const raw = { raw: { width, height, channels: 3 as const } };
  const shapes = await sharp(noise(), raw).blur(12).normalise().raw().toBuffer();
  const grain = noise();
  for (let i = 0; i < shapes.length; i += 1)
    shapes[i] = (shapes[i] ?? 0) * 0.9 + (grain[i] ?? 0) * 0.1;
  return sharp(shapes, raw).jpeg({ quality: 88 }).toBuffer();
}

async function refusal(input: Buffer): Promise<AppError> {
  const err = await processPhoto(input).catch((e: unknown) => e);
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return err;
}

/** True when the EXIF block's first IFD points to a GPS IFD (tag 0x8825). */
function hasGpsIfd(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const tiff = exif.subarray(exif.indexOf('Exif\0\0') + 6);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd0 = u32(4);
  for (let i = 0; i < u16(ifd0); i += 1) {
    if (u16(ifd0 + 2 + i * 12) === 0x8825) return true;
  }
  return false;
}

async function describeOutput(buf: Buffer) {
  const meta = await sharp(buf).metadata();
  return { format: meta.format, width: meta.width, height: meta.height };
}

describe('processPhoto', () => {
  it('accepts a PNG sent as photo.jpg: the content decides, not the name', async () => {
    const png = await solid(800, 600).png().toBuffer();
    const { variants, width, height } = await processPhoto(png);
    expect({ width, height }).toEqual({ width: 800, height: 600 });
    expect(await describeOutput(variants.full)).toEqual({
      format: 'webp',
      width: 800,
      height: 600,
    });
    expect(await describeOutput(variants.card)).toEqual({
      format: 'webp',
      width: 480,
      height: 360,
    });
    expect(await describeOutput(variants.thumb)).toEqual({
      format: 'webp',
      width: 160,
      height: 160,
    });
  });

  it('refuses a text file named photo.jpg, and an SVG', async () => {
    const text = await refusal(Buffer.from("Bonjour, ceci n'est pas une image.\n"));
    expect(text).toMatchObject({ code: 'invalid_image', status: 400 });
    expect(text.message).toBe('Veuillez sélectionner une image valide');
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    expect(await refusal(svg)).toMatchObject({ code: 'invalid_image', status: 400 });
  });

  it('refuses a truncated JPEG', async () => {
    const jpeg = await solid(600, 400).jpeg().toBuffer();
    expect(await refusal(jpeg.subarray(0, 300))).toMatchObject({ code: 'invalid_image' });
  });

  it('accepts WebP, AVIF and the first frame of an animated GIF', async () => {
    const webp = await solid(300, 200).webp().toBuffer();
    expect((await processPhoto(webp)).width).toBe(300);
    const avif = await solid(300, 200).avif().toBuffer();
    expect((await processPhoto(avif)).height).toBe(200);

    const red = await solid(120, 80, 255, 0, 0).png().toBuffer();
    const green = await solid(120, 80, 0, 255, 0).png().toBuffer();
    const gif = await sharp([red, green], { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(2);
    const out = await processPhoto(gif);
    expect({ w: out.width, h: out.height }).toEqual({ w: 120, h: 80 });
    const { data } = await sharp(out.variants.full).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200);
    expect(data[1]).toBeLessThan(60);
  });

  it('removes EXIF, GPS position included, from every variant', async () => {
    const jpeg = await solid(1200, 900)
      .jpeg()
      .withExif({
        IFD0: { Make: 'Tecno', Model: 'Spark 10', Copyright: 'Awa Ouedraogo' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '12/1 22/1 1717/100',
          GPSLongitudeRef: 'W',
          GPSLongitude: '1/1 31/1 1092/100',
        },
      })
      .toBuffer();
    const source = await sharp(jpeg).metadata();
    expect(source.exif?.includes('Tecno')).toBe(true);
    expect(hasGpsIfd(source.exif)).toBe(true);

    const { variants } = await processPhoto(jpeg);
    for (const [name, buf] of Object.entries(variants)) {
      const meta = await sharp(buf).metadata();
      expect(meta.exif, name).toBeUndefined();
      expect(hasGpsIfd(meta.exif), name).toBe(false);
      expect(meta.xmp, name).toBeUndefined();
      expect(meta.icc, name).toBeUndefined();
      expect(buf.includes('Tecno'), name).toBe(false);
      expect(buf.includes('Exif'), name).toBe(false);
    }
  });

  it('turns a photo upright by its EXIF orientation', async () => {
    // Stored landscape, tagged "rotate 90° clockwise to display": shown portrait.
    const jpeg = await (await halves(400, 200)).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const { variants, width, height } = await processPhoto(jpeg);
    expect({ width, height }).toEqual({ width: 200, height: 400 });
    // The red left half ends up on top after a clockwise turn.
    const { data, info } = await sharp(variants.full).raw().toBuffer({ resolveWithObject: true });
    const top = data[(10 * info.width + 100) * info.channels] ?? 0;
    const bottom = data[(390 * info.width + 100) * info.channels] ?? 0;
    expect(top).toBeGreaterThan(200);
    expect(bottom).toBeLessThan(60);
  });

  it('keeps the long side at 1080 and cuts cards 480 wide, at most 640 tall', async () => {
    const sizes = async (w: number, h: number) => {
      const out = await processPhoto(await solid(w, h).jpeg().toBuffer());
      const full = await describeOutput(out.variants.full);
      const card = await describeOutput(out.variants.card);
      const lite = await describeOutput(out.variants.lite);
      return [full.width, full.height, card.width, card.height, lite.width, lite.height];
    };
    expect(await sizes(4000, 3000)).toEqual([1080, 810, 480, 360, 320, 240]);
    expect(await sizes(3000, 4000)).toEqual([810, 1080, 480, 640, 320, 427]);
    expect(await sizes(1080, 1920)).toEqual([608, 1080, 480, 640, 320, 427]);
    // Cards come from the full picture: a 1:3 panorama gives a narrower card, still 3:4.
    expect(await sizes(1000, 3000)).toEqual([360, 1080, 360, 480, 320, 427]);
  });

  it("makes the lite card, for mobile data, well under half the card's bytes", async () => {
    const photo = await noisyPhoto(1200, 1600);
    const { variants } = await processPhoto(photo);
    expect(variants.lite.length).toBeLessThan(variants.card.length / 2);
    expect(variants.thumb.length).toBeLessThan(variants.lite.length);
  });

  it('never enlarges a small picture', async () => {
    const small = await solid(300, 200).png().toBuffer();
    const out = await processPhoto(small);
    expect(await describeOutput(out.variants.full)).toMatchObject({ width: 300, height: 200 });
    expect(out.variants.card).toBe(out.variants.full);
  });

  it('refuses more than 5 MB with 413', async () => {
    // Noise does not compress: a real PNG just over the limit.
    const noise = Buffer.alloc(1400 * 1300 * 3);
    for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) >>> 24;
    const big = await sharp(noise, { raw: { width: 1400, height: 1300, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const err = await refusal(big);
    expect(err).toMatchObject({ code: 'image_too_large', status: 413 });
    expect(err.message).toBe("L'image doit faire moins de 5MB");
  });

  it('refuses more than 40 megapixels before decoding them', async () => {
    const huge = await solid(8000, 5100).png({ compressionLevel: 9 }).toBuffer();
    expect(huge.length).toBeLessThan(5 * 1024 * 1024);
    expect(await refusal(huge)).toMatchObject({ code: 'image_too_large', status: 413 });
  });
});

describe('storePhoto and photoUrls', () => {
  const storage = new LocalStorage(path.join(tmpRoot, 'uploads'));

  it('stores four WebP variants under generated keys and gives their addresses', async () => {
    const png = await solid(900, 900).png().toBuffer();
    const { key, width } = await storePhoto(storage, png, 'u42');
    expect(key).toMatch(/^u42\/[0-9a-f]{32}$/);
    expect(width).toBe(900);
    const urls = photoUrls(storage, key);
    expect(urls).toEqual({
      thumb: `/uploads/photos/${key}-thumb.webp`,
      lite: `/uploads/photos/${key}-lite.webp`,
      card: `/uploads/photos/${key}-card.webp`,
      full: `/uploads/photos/${key}-full.webp`,
    });
    for (const variant of ['thumb', 'lite', 'card', 'full'] as const) {
      const file = await storage.get(`photos/${key}-${variant}.webp`);
      expect(file?.contentType).toBe('image/webp');
      expect((await sharp(file?.body).metadata()).format).toBe('webp');
    }
    await deletePhoto(storage, key);
    expect(await storage.get(`photos/${key}-card.webp`)).toBeNull();
    expect(await storage.get(`photos/${key}-lite.webp`)).toBeNull();
    expect(await storage.get(`photos/${key}-lite.avif`)).toBeNull();
    expect(await storage.get(`photos/${key}-thumb.avif`)).toBeNull();
  });

  it('stores AVIF twins of the thumbnail and the lite card, lighter than the WebP', async () => {
    // A real photograph: flat colours would say nothing about the encoders.
    const photo = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../../bench/fixtures/profile-photo.jpg'),
    );
    const { key } = await storePhoto(storage, photo, 'u44');
    for (const [variant, width] of [
      ['thumb', 160],
      ['lite', 320],
    ] as const) {
      const avif = await storage.get(`photos/${key}-${variant}.avif`);
      const webp = await storage.get(`photos/${key}-${variant}.webp`);
      expect(avif?.contentType).toBe('image/avif');
      const meta = await sharp(avif?.body).metadata();
      expect(meta.format).toBe('heif');
      expect(meta.compression).toBe('av1');
      expect(meta.width).toBe(width);
      expect(avif?.body.length ?? Infinity).toBeLessThan((webp?.body.length ?? 0) * 0.8);
    }
    await deletePhoto(storage, key);
    expect(fs.readdirSync(path.join(tmpRoot, 'uploads/photos/u44'))).toEqual([]);
  });

  it('gives each upload a new key, and stores nothing for a refused file', async () => {
    const png = await solid(100, 100).png().toBuffer();
    const a = await storePhoto(storage, png, 'u43');
    const b = await storePhoto(storage, png, 'u43');
    expect(a.key).not.toBe(b.key);
    const before = fs.readdirSync(path.join(tmpRoot, 'uploads/photos/u43')).length;
    await expect(storePhoto(storage, Buffer.from('pas une image'), 'u43')).rejects.toThrow(
      AppError,
    );
    expect(fs.readdirSync(path.join(tmpRoot, 'uploads/photos/u43')).length).toBe(before);
  });

  it('refuses a prefix that is not ours', async () => {
    const png = await solid(50, 50).png().toBuffer();
    await expect(storePhoto(storage, png, '../u1')).rejects.toThrow();
  });
});

describe('GET /uploads/* serving stored photos', () => {
  let t: TestApp;
  const dataDir = path.join(tmpRoot, 'app-data');
  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: dataDir });
  });
  afterAll(() => t.close());

  it('serves each variant as WebP with a one-year immutable cache and nosniff', async () => {
    expect(t.app.deps.storage.kind).toBe('local');
    const png = await solid(700, 500).png().toBuffer();
    const { key } = await storePhoto(t.app.deps.storage, png, 'u9');
    expect(fs.existsSync(path.join(dataDir, `uploads/photos/${key}-full.webp`))).toBe(true);
    const stored = await t.app.deps.storage.get(`photos/${key}-card.webp`);
    for (const url of Object.values(photoUrls(t.app.deps.storage, key))) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      if (url.endsWith('-card.webp')) expect(res.rawPayload).toEqual(stored?.body);
    }
    const { card } = photoUrls(t.app.deps.storage, key);
    const first = await t.app.inject({ method: 'GET', url: card });
    const again = await t.app.inject({
      method: 'GET',
      url: card,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('draws the lite card of a photo stored before lite cards existed, once', async () => {
    const storage = t.app.deps.storage;
    const { key } = await storePhoto(storage, await solid(900, 1200).png().toBuffer(), 'u10');
    await storage.delete(`photos/${key}-lite.webp`);
    const { lite } = photoUrls(storage, key);
    const res = await t.app.inject({ method: 'GET', url: lite });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await describeOutput(res.rawPayload)).toMatchObject({ width: 320, height: 427 });
    // Stored: the next request reads it.
    expect((await storage.get(`photos/${key}-lite.webp`))?.body).toEqual(res.rawPayload);
    // No card, no lite card: a lite address of a photo that does not exist stays a 404.
    await deletePhoto(storage, key);
    expect((await t.app.inject({ method: 'GET', url: lite })).statusCode).toBe(404);
    expect(await storage.get(`photos/${key}-lite.webp`)).toBeNull();
  });

  it('draws the AVIF twins of a photo stored before they existed, once', async () => {
    const storage = t.app.deps.storage;
    const { key } = await storePhoto(storage, await solid(900, 1200).png().toBuffer(), 'u11');
    for (const [variant, size] of [
      ['thumb', { width: 160, height: 160 }],
      ['lite', { width: 320, height: 427 }],
    ] as const) {
      await storage.delete(`photos/${key}-${variant}.avif`);
      const url = `/uploads/photos/${key}-${variant}.avif`;
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/avif');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'heif', ...size });
      expect((await storage.get(`photos/${key}-${variant}.avif`))?.body).toEqual(res.rawPayload);
    }
    await deletePhoto(storage, key);
    const gone = await t.app.inject({ method: 'GET', url: `/uploads/photos/${key}-lite.avif` });
    expect(gone.statusCode).toBe(404);
    expect(await storage.get(`photos/${key}-lite.avif`)).toBeNull();
  });

  it('answers 404 in the envelope for a missing file or a key that is not ours', async () => {
    const urls = [
      '/uploads/photos/u9/nope.webp',
      '/uploads/photos/u9/0123456789abcdef-lite.webp',
      '/uploads/..%2F..%2Fetc%2Fpasswd',
      '/uploads/a.b.c',
    ];
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Fichier introuvable' });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});
