/**
 * Storage adapters: key safety, local files, aws4fetch's SigV4 (as we call it) against AWS's
 * published examples, and the S3 adapter (and GET /uploads/* proxying it, and a backup's copy of
 * its files through it) against s3rver, a real S3-protocol server started on 127.0.0.1.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AwsV4Signer } from 'aws4fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import { REGION, S3RVER_KEY, startS3rver } from './s3rver.js';
import { LocalStorage } from '../src/adapters/storage/local-storage.js';
import { S3Error, S3Storage, type S3Config } from '../src/adapters/storage/s3-storage.js';
import { isValidStorageKey } from '../src/adapters/storage/storage-key.js';
import {
  checkStorageIsEmpty,
  copyFilesIn,
  copyFilesOut,
  readFilesIndex,
  writeFilesIndex,
} from '../src/cli/backup/storage-copy.js';

const tmpRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-test-'));
afterAll(() => fs.rmSync(tmpRoot, { recursive: true, force: true }));

// ---- s3rver on 127.0.0.1 (test/s3rver.ts), mounted under an optional path prefix. ----

const BUCKET = 'rencontre-photos';

async function startS3(basePath = '') {
  const s3 = await startS3rver([BUCKET], { basePath });
  return {
    ...s3,
    /** The object as the store holds it, read without our adapter. */
    raw: (key: string) => s3.raw(`/${BUCKET}/${key}`),
    /** Stores an object of any name, as another program sharing the bucket could. */
    rawPut: (key: string, body: string) => s3.raw(`/${BUCKET}/${key}`, { method: 'PUT', body }),
  };
}

function s3Config(endpoint: string, overrides: Partial<S3Config> = {}): S3Config {
  return {
    endpoint,
    bucket: BUCKET,
    region: REGION,
    accessKeyId: S3RVER_KEY.keyId,
    secretAccessKey: S3RVER_KEY.secret,
    publicUrl: undefined,
    ...overrides,
  };
}

/** Every key a storage lists, sorted. */
async function keysOf(listing: AsyncIterable<string>): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of listing) keys.push(key);
  return keys.sort();
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

  it('lists every stored key once, leaving side files and half-written files aside', async () => {
    const listed = new LocalStorage(path.join(tmpRoot, 'listed'));
    expect(await keysOf(listed.list())).toEqual([]);
    await listed.put('photos/u1/a-card.webp', Buffer.from('a'), 'image/webp');
    await listed.put('voice/v1', Buffer.from('OggS'), 'audio/ogg');
    fs.writeFileSync(path.join(tmpRoot, 'listed/photos/u1/a-card.webp.0badc0de.tmp'), 'x');
    expect(fs.existsSync(path.join(tmpRoot, 'listed/voice/v1.type'))).toBe(true);
    expect(await keysOf(listed.list())).toEqual(['photos/u1/a-card.webp', 'voice/v1']);
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

  // The adapter's options: every header signed, and the payload's SHA-256 given.
  it.each(vectors)('matches the AWS example: $name', async ({ req, signature }) => {
    const { headers } = await new AwsV4Signer({
      ...creds,
      service: 's3',
      method: req.method,
      url: `https://examplebucket.s3.amazonaws.com${req.path}`,
      headers: {
        ...req.headers,
        'x-amz-content-sha256': crypto.createHash('sha256').update(req.body).digest('hex'),
      },
      datetime: '20130524T000000Z',
      allHeaders: true,
    }).sign();
    const authorization = headers.get('authorization');
    expect(authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE\/20130524\/us-east-1\/s3\/aws4_request, /,
    );
    expect(authorization?.endsWith(`Signature=${signature}`)).toBe(true);
  });
});

describe('S3 storage against s3rver', () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(() => s3.close());

  it('puts, gets and deletes objects with path-style signed requests', async () => {
    const storage = new S3Storage(s3Config(s3.endpoint));
    const body = crypto.randomBytes(5000);
    await storage.put('photos/u7/f00d-card.webp', body, 'image/webp');
    expect(s3.seen.at(-1)).toEqual({
      method: 'PUT',
      path: `/${BUCKET}/photos/u7/f00d-card.webp`,
    });
    const stored = await s3.raw('photos/u7/f00d-card.webp');
    expect(stored.status).toBe(200);
    expect(Buffer.from(await stored.arrayBuffer())).toEqual(body);
    expect(stored.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await storage.get('photos/u7/f00d-card.webp')).toEqual({
      body,
      contentType: 'image/webp',
    });
    await storage.delete('photos/u7/f00d-card.webp');
    const gone = await s3.raw('photos/u7/f00d-card.webp');
    expect(gone.status).toBe(404);
    await gone.arrayBuffer();
    expect(await storage.get('photos/u7/f00d-card.webp')).toBeNull();
    await expect(storage.delete('photos/u7/f00d-card.webp')).resolves.toBeUndefined();
  });

  it('is refused with unknown credentials, and says why', async () => {
    const storage = new S3Storage(s3Config(s3.endpoint, { accessKeyId: 'AKIDINCONNU' }));
    const err = await storage
      .put('x.webp', Buffer.from('x'), 'image/webp')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(S3Error);
    expect(err).toMatchObject({ status: 403, s3Code: 'InvalidAccessKeyId' });
    const absent = await s3.raw('x.webp');
    expect(absent.status).toBe(404);
    await absent.arrayBuffer();
  });

  it('says which bucket is missing', async () => {
    const storage = new S3Storage(s3Config(s3.endpoint, { bucket: 'pas-de-seau' }));
    await expect(
      storage.put('a.json', Buffer.from('{}'), 'application/json'),
    ).rejects.toMatchObject({ status: 404, s3Code: 'NoSuchBucket' });
  });

  it('works behind an endpoint with a path prefix', async () => {
    const prefixed = await startS3('/storage');
    try {
      const storage = new S3Storage(s3Config(`${prefixed.endpoint}/`));
      await storage.put('a/b.json', Buffer.from('{}'), 'application/json');
      expect(prefixed.seen.at(-1)?.path).toBe(`/storage/${BUCKET}/a/b.json`);
      expect((await storage.get('a/b.json'))?.contentType).toBe('application/json');
    } finally {
      await prefixed.close();
    }
  });

  it('lists every key page after page, leaving objects of another shape aside', async () => {
    const own = await startS3();
    try {
      const storage = new S3Storage(s3Config(own.endpoint));
      const keys = ['a.json', 'photos/u1/b-card.webp', 'photos/u1/b-full.webp', 'voice/c3'];
      for (const key of keys) await storage.put(key, Buffer.from(key), 'image/webp');
      expect((await own.rawPut('notes/pas à nous.txt', 'x')).status).toBe(200);
      expect(await keysOf(storage.list(2))).toEqual(keys);
      // Five objects, two a page.
      expect(own.seen.filter((r) => r.method === 'GET' && r.path === `/${BUCKET}`)).toHaveLength(3);
    } finally {
      await own.close();
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
  let s3: Awaited<ReturnType<typeof startS3>>;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startS3();
    const env = { S3_ENDPOINT: s3.endpoint, S3_BUCKET: BUCKET, S3_REGION: REGION };
    t = await createTestApp({
      ...env,
      S3_ACCESS_KEY_ID: S3RVER_KEY.keyId,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY.secret,
    });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('uses S3 when configured and proxies objects when the bucket has no public address', async () => {
    expect(t.app.deps.storage.kind).toBe('s3');
    await t.app.deps.storage.put(
      'photos/u4/cafe-thumb.webp',
      Buffer.from('RIFFwebp'),
      'image/webp',
    );
    const res = await t.app.inject({ method: 'GET', url: '/uploads/photos/u4/cafe-thumb.webp' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.body).toBe('RIFFwebp');
    const missing = await t.app.inject({ method: 'GET', url: '/uploads/photos/u4/none.webp' });
    expect(missing.statusCode).toBe(404);
  });
});

describe('a backup of an S3 store', () => {
  it('copies each file with its content type out, then into another, empty bucket', async () => {
    const [from, to] = [await startS3(), await startS3()];
    try {
      const source = new S3Storage(s3Config(from.endpoint));
      const photo = crypto.randomBytes(3000);
      await source.put('private/chats/c1/ab-full.webp', photo, 'image/webp');
      await source.put('voice/v9', Buffer.from('OggS'), 'audio/ogg');
      const folder = fs.mkdtempSync(path.join(tmpRoot, 'backup-'));
      const copied = new Map();
      await copyFilesOut(source, folder, copied);
      // The pass after the database's dump copies only what came since.
      await source.put('photos/u2/new-card.webp', Buffer.from('RIFF'), 'image/webp');
      await copyFilesOut(source, folder, copied);
      expect(
        from.seen.filter((r) => r.method === 'GET' && r.path.endsWith('/ab-full.webp')),
      ).toHaveLength(1);
      writeFilesIndex(folder, copied.values());

      const target = new S3Storage(s3Config(to.endpoint));
      await checkStorageIsEmpty(target);
      await copyFilesIn(target, folder, readFilesIndex(folder));
      expect(await keysOf(target.list())).toEqual(await keysOf(source.list()));
      expect(await target.get('private/chats/c1/ab-full.webp')).toEqual({
        body: photo,
        contentType: 'image/webp',
      });
      expect((await target.get('voice/v9'))?.contentType).toBe('audio/ogg');
      await expect(checkStorageIsEmpty(target)).rejects.toThrow(
        'Le compartiment S3 contient déjà des fichiers',
      );
    } finally {
      await Promise.all([from.close(), to.close()]);
    }
  });

  it('refuses a file changed in the backup since it was written', async () => {
    const folder = fs.mkdtempSync(path.join(tmpRoot, 'backup-'));
    const source = new LocalStorage(path.join(folder, 'source'));
    await source.put('voice/v1', Buffer.from('OggS-1'), 'audio/ogg');
    const copied = new Map();
    await copyFilesOut(source, folder, copied);
    writeFilesIndex(folder, copied.values());
    fs.writeFileSync(path.join(folder, 'files/voice/v1'), 'OggS-2');
    const target = new LocalStorage(path.join(folder, 'target'));
    await expect(copyFilesIn(target, folder, readFilesIndex(folder))).rejects.toThrow(
      'Le fichier voice/v1 de la sauvegarde est abîmé.',
    );
  });
});
