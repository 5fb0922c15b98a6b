/**
 * Storage adapters: key safety, local files, our SigV4 against AWS's published examples, and
 * the S3 adapter (and GET /uploads/* proxying it) against a small S3 server on 127.0.0.1 that
 * checks every signature with its own, independent implementation.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import { LocalStorage } from '../src/adapters/storage/local-storage.js';
import { S3Error, S3Storage, type S3Config } from '../src/adapters/storage/s3-storage.js';
import { isValidStorageKey } from '../src/adapters/storage/storage-key.js';
import { sha256Hex, signRequest } from '../src/adapters/storage/sigv4.js';

const tmpRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-test-'));
afterAll(() => fs.rmSync(tmpRoot, { recursive: true, force: true }));

// ---- A minimal S3: objects in memory, every request's SigV4 recomputed from scratch. ----

const FAKE = { keyId: 'AKIDTESTLOCAL', secret: 'test/secret+x', region: 'af-south-1' };
const FAKE_BUCKET = 'rencontre-photos';
const sha256 = (data: Buffer | string) => crypto.createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) =>
  crypto.createHmac('sha256', key).update(data).digest();
const AUTH_RE =
  /^AWS4-HMAC-SHA256 Credential=(\w+)\/(\d{8})\/([\w-]+)\/s3\/aws4_request,SignedHeaders=([a-z0-9;-]+),Signature=([0-9a-f]{64})$/;

/** Null when the request is signed right, else the S3 error code. */
function authError(req: http.IncomingMessage, body: Buffer): string | null {
  const [, keyId, day = '', region, signedList = '', signature = ''] =
    AUTH_RE.exec(String(req.headers.authorization)) ?? [];
  const stamp = String(req.headers['x-amz-date']);
  if (keyId !== FAKE.keyId || region !== FAKE.region || !stamp.startsWith(day)) {
    return 'InvalidAccessKeyId';
  }
  const iso = stamp.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z');
  if (!(Math.abs(Date.parse(iso) - Date.now()) < 15 * 60_000)) return 'RequestTimeTooSkewed';
  const signed = signedList.split(';');
  if (!['host', 'x-amz-date', 'x-amz-content-sha256'].every((h) => signed.includes(h))) {
    return 'AccessDenied';
  }
  if (req.headers['x-amz-content-sha256'] !== sha256(body)) return 'XAmzContentSHA256Mismatch';
  const [path = '/', query = ''] = (req.url ?? '/').split('?');
  const canonical = [
    req.method,
    path,
    query.split('&').filter(Boolean).sort().join('&'),
    signed.map((h) => `${h}:${String(req.headers[h] ?? '').trim()}\n`).join(''),
    signedList,
    sha256(body),
  ].join('\n');
  const scope = `${day}/${FAKE.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${FAKE.secret}`, day), FAKE.region), 's3'), 'aws4_request');
  const expected = crypto.createHmac('sha256', key).update(toSign).digest('hex');
  return crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(signature))
    ? null
    : 'SignatureDoesNotMatch';
}

async function startFakeS3(basePath = '') {
  const objects = new Map<string, { body: Buffer; type: string; cache: string | undefined }>();
  const seen: { method: string; path: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const urlPath = (req.url ?? '/').split('?')[0] ?? '/';
      seen.push({ method: req.method ?? '', path: urlPath });
      const fail = (status: number, code: string) =>
        res.writeHead(status).end(`<?xml version="1.0"?><Error><Code>${code}</Code></Error>`);
      const problem = authError(req, body);
      if (problem) return fail(403, problem);
      const prefix = `${basePath}/${FAKE_BUCKET}/`;
      if (!urlPath.startsWith(prefix)) return fail(404, 'NoSuchBucket');
      const key = decodeURIComponent(urlPath.slice(prefix.length));
      const found = objects.get(key);
      if (req.method === 'PUT') {
        const type = String(req.headers['content-type']);
        objects.set(key, { body, type, cache: req.headers['cache-control'] });
        return res.writeHead(200).end();
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        return res.writeHead(204).end();
      }
      if (!found) return fail(404, 'NoSuchKey');
      return res.writeHead(200, { 'content-type': found.type }).end(found.body);
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
    region: FAKE.region,
    accessKeyId: FAKE.keyId,
    secretAccessKey: FAKE.secret,
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
    const bad = ['', '../etc/passwd', 'photos/../../x', '/abs.webp', 'a//b', 'a/./b', '.hidden'];
    bad.push('a.b.webp', 'a\\b', 'photo s.jpg', 'a/', '%2e%2e/x', 'a.webp.type');
    bad.push(`${'a'.repeat(120)}.webp`);
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
  interface Vector {
    name: string;
    req: { method: string; path: string; headers: Record<string, string>; body: string };
    signature: string;
  }
  const vectors: Vector[] = [
    {
      name: 'GET object',
      req: { method: 'GET', path: '/test.txt', headers: { range: 'bytes=0-9' }, body: '' },
      signature: 'f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    },
    {
      name: 'PUT object with an encoded key and extra headers',
      req: {
        method: 'PUT',
        path: '/test%24file.text',
        headers: {
          date: 'Fri, 24 May 2013 00:00:00 GMT',
          'x-amz-storage-class': 'REDUCED_REDUNDANCY',
        },
        body: 'Welcome to Amazon S3.',
      },
      signature: '98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
    },
    {
      name: 'GET bucket with a query string',
      req: { method: 'GET', path: '/?prefix=J&max-keys=2', headers: {}, body: '' },
      signature: '34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7',
    },
  ];

  it.each(vectors)('matches the AWS example: $name', ({ req, signature }) => {
    const headers = signRequest(
      {
        method: req.method,
        url: new URL(`https://examplebucket.s3.amazonaws.com${req.path}`),
        headers: req.headers,
        payloadHash: sha256Hex(req.body),
        date: new Date('2013-05-24T00:00:00Z'),
      },
      creds,
    );
    expect(headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE\/20130524\/us-east-1\/s3\/aws4_request,/,
    );
    expect(headers.authorization?.endsWith(`Signature=${signature}`)).toBe(true);
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
    expect(stored?.cache).toBe('public, max-age=31536000, immutable');
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
});

describe('GET /uploads/* with S3 storage', () => {
  let s3: Awaited<ReturnType<typeof startFakeS3>>;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startFakeS3();
    const env = { S3_ENDPOINT: s3.endpoint, S3_BUCKET: FAKE_BUCKET, S3_REGION: FAKE.region };
    t = await createTestApp({
      ...env,
      S3_ACCESS_KEY_ID: FAKE.keyId,
      S3_SECRET_ACCESS_KEY: FAKE.secret,
    });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('uses S3 when configured and proxies objects when the bucket has no public address', async () => {
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
