/**
 * S3-compatible storage over the REST API (PUT, GET, DELETE object; path-style addresses such as
 * https://s3.example.com/<bucket>/<key>), signed with our own SigV4. Used when S3_* is set, so
 * several server copies share the same files.
 */
import type { Config } from '../../config.js';
import type { Storage, StoredObject } from './storage.js';
import { signRequest, sha256Hex, uriEncode } from './sigv4.js';
import {
  UPLOADS_PATH,
  assertValidContentType,
  assertValidStorageKey,
  contentTypeOfKey,
} from './storage-key.js';

export type S3Config = NonNullable<Config['s3']>;

const TIMEOUT_MS = 15_000;
const EMPTY_HASH = sha256Hex('');
// Objects are immutable, so a CDN or browser served straight from the bucket may keep them.
const OBJECT_CACHE_CONTROL = 'public, max-age=31536000, immutable';

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

  constructor(
    private readonly s3: S3Config,
    private readonly fetchFn: typeof fetch = fetch,
  ) {
    this.base = new URL(s3.endpoint);
  }

  private objectUrl(key: string): URL {
    assertValidStorageKey(key);
    const url = new URL(this.base.href);
    const prefix = url.pathname.replace(/\/+$/, '');
    const encodedKey = key.split('/').map(uriEncode).join('/');
    url.pathname = `${prefix}/${uriEncode(this.s3.bucket)}/${encodedKey}`;
    url.search = '';
    return url;
  }

  private async send(
    method: 'PUT' | 'GET' | 'DELETE',
    key: string,
    body?: Buffer,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    const url = this.objectUrl(key);
    const signed = signRequest(
      { method, url, headers, payloadHash: body ? sha256Hex(body) : EMPTY_HASH },
      this.s3,
    );
    // fetch derives Host from the URL itself; sending it again is refused by undici.
    const { host: _host, ...sendHeaders } = signed;
    return this.fetchFn(url, {
      method,
      headers: sendHeaders,
      body: body ? new Uint8Array(body) : undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
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
