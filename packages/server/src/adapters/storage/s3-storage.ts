/**
 * S3-compatible storage over the REST API (PUT, GET, DELETE object; path-style addresses such as
 * https://s3.example.com/<bucket>/<key>), requests signed with SigV4 by aws4fetch. Used when S3_*
 * is set, so several server copies share the same files.
 */
import crypto from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import type { Config } from '../../config.js';
import type { Storage, StoredObject } from './storage.js';
import {
  UPLOADS_PATH,
  assertValidContentType,
  assertValidStorageKey,
  contentTypeOfKey,
} from './storage-key.js';

export type S3Config = NonNullable<Config['s3']>;

const TIMEOUT_MS = 15_000;
// Objects are immutable, so a CDN or browser served straight from the bucket may keep them.
const OBJECT_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const sha256Hex = (data: Uint8Array) => crypto.createHash('sha256').update(data).digest('hex');

export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly s3Code: string | undefined,
    operation: string,
    key: string,
  ) {
    super(`S3 ${operation} ${key} failed: ${status}${s3Code ? ` ${s3Code}` : ''}`);
  }
}

async function errorOf(res: Response, operation: string, key: string): Promise<S3Error> {
  const text = await res.text().catch(() => '');
  const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1];
  return new S3Error(res.status, code, operation, key);
}

export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  private readonly base: URL;
  private readonly client: AwsClient;

  constructor(
    private readonly s3: S3Config,
    private readonly fetchFn: typeof fetch = fetch,
  ) {
    this.base = new URL(s3.endpoint);
    this.client = new AwsClient({
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      region: s3.region,
      service: 's3',
    });
  }

  private objectUrl(key: string): URL {
    assertValidStorageKey(key);
    const url = new URL(this.base.href);
    const prefix = url.pathname.replace(/\/+$/, '');
    // Keys are plain ASCII by their shape; only the bucket name may need escaping.
    url.pathname = `${prefix}/${encodeURIComponent(this.s3.bucket)}/${key}`;
    url.search = '';
    return url;
  }

  private async send(
    method: 'PUT' | 'GET' | 'DELETE',
    key: string,
    body?: Buffer,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    const payload = body ? new Uint8Array(body) : new Uint8Array();
    // Signed, with the payload's hash, so a store can check the body too; sign() is enough
    // (no retry loop): a failed call is the caller's to handle, as with every adapter.
    const request = await this.client.sign(this.objectUrl(key).href, {
      method,
      headers: { ...headers, 'x-amz-content-sha256': sha256Hex(payload) },
      body: body ? payload : undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
      aws: { allHeaders: true },
    });
    return this.fetchFn(request);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertValidContentType(contentType);
    const res = await this.send('PUT', key, body, {
      'content-type': contentType,
      'cache-control': OBJECT_CACHE_CONTROL,
    });
    if (!res.ok) throw await errorOf(res, 'PUT', key);
    await res.arrayBuffer();
  }

  async get(key: string): Promise<StoredObject | null> {
    const res = await this.send('GET', key);
    if (res.status === 404) {
      await res.arrayBuffer();
      return null;
    }
    if (!res.ok) throw await errorOf(res, 'GET', key);
    const body = Buffer.from(await res.arrayBuffer());
    const contentType =
      res.headers.get('content-type') ?? contentTypeOfKey(key) ?? 'application/octet-stream';
    return { body, contentType };
  }

  async delete(key: string): Promise<void> {
    const res = await this.send('DELETE', key);
    // S3 answers 204 whether or not the object existed; some compatible stores answer 404.
    if (!res.ok && res.status !== 404) throw await errorOf(res, 'DELETE', key);
    await res.arrayBuffer();
  }

  url(key: string): string {
    assertValidStorageKey(key);
    const publicUrl = this.s3.publicUrl?.replace(/\/+$/, '');
    return publicUrl ? `${publicUrl}/${key}` : `${UPLOADS_PATH}/${key}`;
  }
}
