/**
 * Storage adapters and GET /uploads/*: key safety, the local files, our SigV4 against AWS's
 * published examples, and the S3 adapter against a small S3 server on 127.0.0.1 that checks
 * every signature with its own, independent implementation.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from './helpers.js';
import { createStorage } from '../src/adapters/storage/storage.js';
import { LocalStorage } from '../src/adapters/storage/local-storage.js';
import { S3Error, S3Storage, type S3Config } from '../src/adapters/storage/s3-storage.js';
import { isValidStorageKey } from '../src/adapters/storage/storage-key.js';
import { sha256Hex, signRequest } from '../src/adapters/storage/sigv4.js';

const tmpRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-test-'));
afterAll(() => fs.rmSync(tmpRoot, { recursive: true, force: true }));

// ---- A minimal S3: objects in memory, every request's SigV4 recomputed from scratch. ----

interface FakeObject {
  body: Buffer;
  contentType: string;
  cacheControl: string | undefined;
}

const FAKE_KEY_ID = 'AKIDTESTLOCAL';
const FAKE_SECRET = 'test-secret/with+chars';
const FAKE_REGION = 'af-south-1';
const FAKE_BUCKET = 'rencontre-photos';

function expectedSignature(req: http.IncomingMessage, body: Buffer, signedHeaders: string[]) {
  const [rawPath = '/', rawQuery = ''] = (req.url ?? '/').split('?');
  const query = rawQuery.split('&').filter(Boolean).sort().join('&');
  const headerLines = signedHeaders
    .map((name) => {
      const value = req.headers[name];
      const text = Array.isArray(value) ? value.join(',') : (value ?? '');
      return `${name}:${text.trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const stamp = String(req.headers['x-amz-date']);
  const day = stamp.slice(0, 8);
  const canonical = [
    req.method,
    rawPath,
    query,
    headerLines,
    signedHeaders.join(';'),
    crypto.createHash('sha256').update(body).digest('hex'),
  ].join('\n');
  const scope = `${day}/${FAKE_REGION}/s3/aws4_request`;
  const toSign = [
    'AWS4-HMAC-SHA256',
    stamp,
    scope,
    crypto.createHash('sha256').update(canonical).digest('hex'),
  ].join('\n');
  let key: Buffer = crypto.createHmac('sha256', `AWS4${FAKE_SECRET}`).update(day).digest();
  for (const part of [FAKE_REGION, 's3', 'aws4_request']) {
    key = crypto.createHmac('sha256', key).update(part).digest();
  }
  return crypto.createHmac('sha256', key).update(toSign).digest('hex');
}

function authError(req: http.IncomingMessage, body: Buffer): string | null {
  const auth =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/.exec(
      String(req.headers.authorization ?? ''),
    );
  if (!auth) return 'AccessDenied';
  const [, keyId, day, region, signedList = '', signature = ''] = auth;
  const signed = signedList.split(';');
  const stamp = String(req.headers['x-amz-date'] ?? '');
  const skew = Math.abs(
    Date.parse(stamp.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z')) -
      Date.now(),
  );
  if (keyId !== FAKE_KEY_ID || region !== FAKE_REGION || !stamp.startsWith(day ?? '-')) {
    return 'InvalidAccessKeyId';
  }
  if (!(skew < 15 * 60_000)) return 'RequestTimeTooSkewed';
  if (!['host', 'x-amz-date', 'x-amz-content-sha256'].every((h) => signed.includes(h))) {
    return 'AccessDenied';
  }
  if (req.headers['x-amz-content-sha256'] !== sha256Of(body)) return 'XAmzContentSHA256Mismatch';
  const expected = Buffer.from(expectedSignature(req, body, signed));
  const given = Buffer.from(signature);
  return crypto.timingSafeEqual(expected, given) ? null : 'SignatureDoesNotMatch';
}

const sha256Of = (body: Buffer) => crypto.createHash('sha256').update(body).digest('hex');

async function startFakeS3(basePath = '') {
  const objects = new Map<string, FakeObject>();
  const seen: { method: string; path: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const urlPath = (req.url ?? '/').split('?')[0] ?? '/';
      seen.push({ method: req.method ?? '', path: urlPath });
      const xmlError = (status: number, code: string) =>
        res
          .writeHead(status, { 'content-type': 'application/xml' })
          .end(`<?xml version="1.0"?><Error><Code>${code}</Code></Error>`);
      const problem = authError(req, body);
      if (problem) return xmlError(403, problem);
      const prefix = `${basePath}/${FAKE_BUCKET}/`;
      if (!urlPath.startsWith(prefix)) return xmlError(404, 'NoSuchBucket');
      const key = decodeURIComponent(urlPath.slice(prefix.length));
      if (req.method === 'PUT') {
        objects.set(key, {
          body,
          contentType: String(req.headers['content-type']),
          cacheControl: req.headers['cache-control'],
        });
        return res.writeHead(200, { etag: `"${sha256Of(body)}"` }).end();
      }
      const found = objects.get(key);
      if (req.method === 'DELETE') {
        objects.delete(key);
        return res.writeHead(204).end();
      }
      if (!found) return xmlError(404, 'NoSuchKey');
      return res.writeHead(200, { 'content-type': found.contentType }).end(found.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    endpoint: `http://127.0.0.1:${port}${basePath}`,
    objects,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function s3Config(endpoint: string, overrides: Partial<S3Config> = {}): S3Config {
  return {
    endpoint,
    bucket: FAKE_BUCKET,
    region: FAKE_REGION,
    accessKeyId: FAKE_KEY_ID,
    secretAccessKey: FAKE_SECRET,
    publicUrl: undefined,
    ...overrides,
  };
}

// ---- Tests ----

describe('storage keys', () => {
  it('accepts the keys we generate', () => {
    for (const key of ['photos/u12/9f2c4e-thumb.webp', 'audio/c3/m9.webm', 'a', 'x_y-z/1.json']) {
      expect(isValidStorageKey(key), key).toBe(true);
    }
  });

  it('refuses anything that could leave the folder or is not ours', () => {
    const bad = [
      '',
      '../etc/passwd',
      'photos/../../x',
      '/abs.webp',
      'a//b',
      'a/./b',
      '.hidden',
      'a.b.webp',
      'a\\b',
      'photo s.jpg',
      'a/',
      '%2e%2e/x',
      'a.webp.type',
      `${'a'.repeat(120)}.webp`,
    ];
    for (const key of bad) expect(isValidStorageKey(key), key).toBe(false);
  });
});

describe('local storage', () => {
  const root = path.join(tmpRoot, 'uploads');
  const storage = new LocalStorage(root);

  it('stores, reads and deletes a file with its content type', async () => {
    const body = crypto.randomBytes(2048);
    await storage.put('photos/u1/abc-card.webp', body, 'image/webp');
    expect(fs.readFileSync(path.join(root, 'photos/u1/abc-card.webp'))).toEqual(body);
    expect(await storage.get('photos/u1/abc-card.webp')).toEqual({
      body,
      contentType: 'image/webp',
    });
    await storage.delete('photos/u1/abc-card.webp');
    expect(await storage.get('photos/u1/abc-card.webp')).toBeNull();
    await expect(storage.delete('photos/u1/abc-card.webp')).resolves.toBeUndefined();
  });

  it('keeps a content type that the extension does not tell', async () => {
    await storage.put('voice/v1', Buffer.from('OggS'), 'audio/ogg');
    expect((await storage.get('voice/v1'))?.contentType).toBe('audio/ogg');
  });

  it('refuses traversal keys and odd content types before touching the disk', async () => {
    await expect(storage.put('../escape.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow();
    await expect(storage.get('a/../../b')).rejects.toThrow();
    await expect(storage.put('ok.webp', Buffer.from('x'), 'text/html\r\nX: y')).rejects.toThrow();
    expect(fs.existsSync(path.join(tmpRoot, 'escape.webp'))).toBe(false);
  });

  it('answers /uploads/<key> addresses', () => {
    expect(storage.url('photos/u1/abc-full.webp')).toBe('/uploads/photos/u1/abc-full.webp');
  });
});

describe('SigV4 signing', () => {
  // The examples of the AWS documentation "Signature Calculations for the Authorization Header".
  const creds = {
    accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    region: 'us-east-1',
  };
  const date = new Date('2013-05-24T00:00:00Z');
  const signatureOf = (h: Record<string, string>) =>
    /Signature=([0-9a-f]+)$/.exec(h.authorization ?? '')?.[1];

  it('matches the GET object example', () => {
    const headers = signRequest(
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
        headers: { range: 'bytes=0-9' },
        payloadHash: sha256Hex(''),
        date,
      },
      creds,
    );
    expect(headers.authorization).toContain(
      'Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,',
    );
    expect(signatureOf(headers)).toBe(
      'f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('matches the PUT object example (encoded key, extra headers)', () => {
    const body = 'Welcome to Amazon S3.';
    const headers = signRequest(
      {
        method: 'PUT',
        url: new URL('https://examplebucket.s3.amazonaws.com/test%24file.text'),
        headers: {
          date: 'Fri, 24 May 2013 00:00:00 GMT',
          'x-amz-storage-class': 'REDUCED_REDUNDANCY',
        },
        payloadHash: sha256Hex(body),
        date,
      },
      creds,
    );
    expect(signatureOf(headers)).toBe(
      '98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
    );
  });

  it('matches the list objects example (query string)', () => {
    const headers = signRequest(
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/?prefix=J&max-keys=2'),
        payloadHash: sha256Hex(''),
        date,
      },
      creds,
    );
    expect(signatureOf(headers)).toBe(
      '34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7',
    );
  });
});

describe('S3 storage against a local S3 server', () => {
  let s3: Awaited<ReturnType<typeof startFakeS3>>;
  beforeAll(async () => {
    s3 = await startFakeS3();
  });
  afterAll(() => s3.close());

  it('puts, gets and deletes objects with path-style signed requests', async () => {
    const storage = new S3Storage(s3Config(s3.endpoint));
    const body = crypto.randomBytes(5000);
    await storage.put('photos/u7/f00d-card.webp', body, 'image/webp');
    expect(s3.seen.at(-1)).toEqual({
      method: 'PUT',
      path: `/${FAKE_BUCKET}/photos/u7/f00d-card.webp`,
    });
    const stored = s3.objects.get('photos/u7/f00d-card.webp');
    expect(stored?.body).toEqual(body);
    expect(stored?.cacheControl).toBe('public, max-age=31536000, immutable');
    expect(await storage.get('photos/u7/f00d-card.webp')).toEqual({
      body,
      contentType: 'image/webp',
    });
    await storage.delete('photos/u7/f00d-card.webp');
    expect(s3.objects.has('photos/u7/f00d-card.webp')).toBe(false);
    expect(await storage.get('photos/u7/f00d-card.webp')).toBeNull();
  });

  it('is refused with a wrong secret, and says why', async () => {
    const storage = new S3Storage(s3Config(s3.endpoint, { secretAccessKey: 'not-the-secret' }));
    const err = await storage
      .put('x.webp', Buffer.from('x'), 'image/webp')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(S3Error);
    expect(err).toMatchObject({ status: 403, s3Code: 'SignatureDoesNotMatch' });
    expect(s3.objects.has('x.webp')).toBe(false);
  });

  it('works behind an endpoint with a path prefix', async () => {
    const prefixed = await startFakeS3('/storage');
    try {
      const storage = new S3Storage(s3Config(`${prefixed.endpoint}/`));
      await storage.put('a/b.json', Buffer.from('{}'), 'application/json');
      expect(prefixed.seen.at(-1)?.path).toBe(`/storage/${FAKE_BUCKET}/a/b.json`);
      expect((await storage.get('a/b.json'))?.contentType).toBe('application/json');
    } finally {
      await prefixed.close();
    }
  });

  it('gives the public bucket address when there is one, else /uploads', () => {
    const direct = new S3Storage(s3Config(s3.endpoint, { publicUrl: 'https://cdn.rencontre.bf/' }));
    expect(direct.url('photos/u1/a-thumb.webp')).toBe(
      'https://cdn.rencontre.bf/photos/u1/a-thumb.webp',
    );
    expect(new S3Storage(s3Config(s3.endpoint)).url('photos/u1/a-thumb.webp')).toBe(
      '/uploads/photos/u1/a-thumb.webp',
    );
  });

  it('is the one createStorage picks when S3 is configured', () => {
    expect(createStorage(testConfig()).kind).toBe('local');
    const config = testConfig({
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: FAKE_BUCKET,
      S3_ACCESS_KEY_ID: FAKE_KEY_ID,
      S3_SECRET_ACCESS_KEY: FAKE_SECRET,
    });
    expect(createStorage(config).kind).toBe('s3');
  });
});

describe('GET /uploads/*', () => {
  let t: TestApp;
  const dataDir = path.join(tmpRoot, 'app-data');
  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: dataDir });
  });
  afterAll(() => t.close());

  it('serves a stored file with its type, a one-year immutable cache and nosniff', async () => {
    const body = crypto.randomBytes(3000);
    await t.app.storage.put('photos/u3/beef-full.webp', body, 'image/webp');
    expect(fs.existsSync(path.join(dataDir, 'uploads/photos/u3/beef-full.webp'))).toBe(true);
    const res = await t.app.inject({ method: 'GET', url: '/uploads/photos/u3/beef-full.webp' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload).toEqual(body);

    const again = await t.app.inject({
      method: 'GET',
      url: '/uploads/photos/u3/beef-full.webp',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('answers 404 in the envelope for a missing file or a key that is not ours', async () => {
    for (const url of [
      '/uploads/photos/u3/nope.webp',
      '/uploads/..%2F..%2Fetc%2Fpasswd',
      '/uploads/a.b.c',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Fichier introuvable' });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

describe('GET /uploads/* with S3 storage', () => {
  let s3: Awaited<ReturnType<typeof startFakeS3>>;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startFakeS3();
    t = await createTestApp({
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: FAKE_BUCKET,
      S3_REGION: FAKE_REGION,
      S3_ACCESS_KEY_ID: FAKE_KEY_ID,
      S3_SECRET_ACCESS_KEY: FAKE_SECRET,
    });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('proxies objects from the bucket when it has no public address', async () => {
    expect(t.app.storage.kind).toBe('s3');
    await t.app.storage.put('photos/u4/cafe-thumb.webp', Buffer.from('RIFFwebp'), 'image/webp');
    const res = await t.app.inject({ method: 'GET', url: '/uploads/photos/u4/cafe-thumb.webp' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.body).toBe('RIFFwebp');
    const missing = await t.app.inject({ method: 'GET', url: '/uploads/photos/u4/none.webp' });
    expect(missing.statusCode).toBe(404);
  });
});
