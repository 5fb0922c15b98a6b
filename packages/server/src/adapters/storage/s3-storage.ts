/**
 * S3-compatible storage over the REST API (PUT, GET, DELETE object, and ListObjects for
 * backups; path-style addresses such as https://s3.example.com/<bucket>/<key>), requests signed
 * with SigV4 by aws4fetch. Used when S3_* is set, so several server copies share the same files.
 */
import crypto from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import type { Config } from '../../config/index.js';
import type { Storage, StoredObject } from './storage-types.js';
import {
  UPLOADS_PATH,
  assertValidContentType,
  assertValidStorageKey,
  contentTypeOfKey,
  isValidStorageKey,
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

  private bucketUrl(): URL {
    const url = new URL(this.base.href);
    const prefix = url.pathname.replace(/\/+$/, '');
    // Only the bucket name may need escaping.
    url.pathname = `${prefix}/${encodeURIComponent(this.s3.bucket)}`;
    url.search = '';
    return url;
  }

  private objectUrl(key: string): URL {
    assertValidStorageKey(key);
    const url = this.bucketUrl();
    // Keys are plain ASCII by their shape.
    url.pathname = `${url.pathname}/${key}`;
    return url;
  }

  private async send(
    method: 'PUT' | 'GET' | 'DELETE',
    key: string | URL,
    body?: Buffer,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    const payload = body ? new Uint8Array(body) : new Uint8Array();
    const url = typeof key === 'string' ? this.objectUrl(key) : key;
    // Signed, with the payload's hash, so a store can check the body too; sign() is enough
    // (no retry loop): a failed call is the caller's to handle, as with every adapter.
    const request = await this.client.sign(url.href, {
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

  /**
   * ListObjects, page after page, each starting after the last key of the one before (version 1
   * of the call: every S3-compatible store has it, and some mishandle version 2's tokens).
   * Objects of another shape (not ours) are passed over.
   */
  async *list(pageSize = 1000): AsyncIterable<string> {
    let marker: string | undefined;
    do {
      const url = this.bucketUrl();
      url.searchParams.set('max-keys', String(pageSize));
      if (marker) url.searchParams.set('marker', marker);
      const res = await this.send('GET', url);
      if (!res.ok) throw await errorOf(res, 'LIST', this.s3.bucket);
      const page = parseListPage(await res.text());
      yield* page.keys.filter(isValidStorageKey);
      marker = page.next;
    } while (marker);
  }
}

const XML_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};
const unescapeXml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name] ?? '');

/** The keys of one ListObjects answer and, when it is truncated, where the next page starts. */
function parseListPage(xml: string): { keys: string[]; next: string | undefined } {
  const keys = [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => unescapeXml(m[1] ?? ''));
  if (!/<IsTruncated>\s*true\s*<\/IsTruncated>/.test(xml)) return { keys, next: undefined };
  const nextMarker = /<NextMarker>([^<]+)<\/NextMarker>/.exec(xml)?.[1];
  return { keys, next: nextMarker ? unescapeXml(nextMarker) : keys.at(-1) };
}
