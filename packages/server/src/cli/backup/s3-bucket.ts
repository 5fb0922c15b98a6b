/**
 * A bucket as backups use it: S3's REST API, path-style like the storage adapter
 * (https://s3.example.com/<bucket>/<key>), each request signed (SigV4) by aws4fetch. Files go
 * from disk to the bucket and back as streams, so a dump larger than memory goes through; each
 * upload is signed with its SHA-256, which the store checks against what it received.
 * ListObjects answers what a prefix holds and each object's size. Every failure is a
 * BackupError, in French, naming the object.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';
import { AwsClient } from 'aws4fetch';
import type { S3Config } from '../../adapters/storage/s3-storage.js';
import { BackupError, sha256OfFile } from './backup-folder.js';
import { formatS3Address } from './s3-address.js';

/** The largest object one PUT may send, at AWS and at most compatible stores. */
const MAX_PUT_BYTES = 5 * 1024 ** 3;
// Listings and HEADs are small answers. Transfers have no overall limit (a dump takes what it
// takes): Node's fetch gives up on a connection that stays silent for 5 minutes.
const SHORT_TIMEOUT_MS = 60_000;
const EMPTY_SHA256 = crypto.createHash('sha256').digest('hex');

export interface BucketObject {
  key: string;
  bytes: number;
}

interface SendOptions {
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: ReadableStream<Uint8Array>;
  short?: boolean;
}

const codeOf = async (res: Response) =>
  /<Code>([^<]+)<\/Code>/.exec(await res.text().catch(() => ''))?.[1];

const reasonOf = (err: unknown): string => {
  const cause = err instanceof Error ? err.cause : undefined;
  if (cause instanceof Error) return 'code' in cause ? String(cause.code) : cause.message;
  return err instanceof Error ? err.message : String(err);
};

export class BackupBucket {
  private readonly client: AwsClient;

  constructor(private readonly s3: S3Config) {
    this.client = new AwsClient({
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      region: s3.region,
      service: 's3',
    });
  }

  /** The bucket's name. */
  get name(): string {
    return this.s3.bucket;
  }

  private async send(method: string, key: string, options: SendOptions = {}): Promise<Response> {
    const url = new URL(this.s3.endpoint);
    // Bucket names and backup keys are plain ASCII by their shape (s3-address.ts).
    url.pathname = `${url.pathname.replace(/\/+$/, '')}/${this.s3.bucket}${key && `/${key}`}`;
    url.search = '';
    for (const [name, value] of Object.entries(options.query ?? {}))
      url.searchParams.set(name, value);
    const request = await this.client.sign(url.href, {
      method,
      headers: { 'x-amz-content-sha256': EMPTY_SHA256, ...options.headers },
      body: options.body,
      // Without it, Node's fetch keeps a copy of a streamed body, in case it must send it again
      // to a redirect's address: the whole dump would end up in memory.
      redirect: options.body ? 'error' : 'follow',
      signal: options.short ? AbortSignal.timeout(SHORT_TIMEOUT_MS) : undefined,
      aws: { allHeaders: true },
    });
    try {
      return await fetch(request);
    } catch (err) {
      throw new BackupError(
        `L'échange avec le stockage S3 ${this.s3.endpoint} a échoué (${reasonOf(err)}).`,
      );
    }
  }

  /** The refusal of an answer that is not ok, its S3 error code read from its body. */
  private async failure(res: Response, operation: string, key: string): Promise<BackupError> {
    return this.refusal(res.status, await codeOf(res), operation, key);
  }

  private refusal(status: number, code: string | undefined, operation: string, key: string) {
    const where = `${operation} ${formatS3Address(this.s3.bucket, key)}`;
    if (code === 'NoSuchBucket')
      return new BackupError(
        `Le compartiment ${this.s3.bucket} n'existe pas chez ${this.s3.endpoint} : créez-le, ou ` +
          'donnez-en un autre.',
      );
    if (status === 403)
      return new BackupError(
        `Le stockage S3 refuse ${where} (${code ?? 403}) : vérifiez S3_ACCESS_KEY_ID, ` +
          'S3_SECRET_ACCESS_KEY et les droits de cette clé sur le compartiment.',
      );
    return new BackupError(
      `Le stockage S3 a répondu ${status}${code ? ` ${code}` : ''} à ${where}.`,
    );
  }

  /** Uploads `file` under `key`, read as a stream (twice: its SHA-256, then the upload). */
  async putFile(key: string, file: string, contentType = 'application/octet-stream') {
    const { size } = await fs.promises.stat(file);
    if (size > MAX_PUT_BYTES)
      throw new BackupError(
        `${file} fait plus de 5 Go, la limite d'un envoi vers S3 : sauvegardez dans un dossier ` +
          '(npm run backup -- <dossier>) et copiez-le dans le compartiment avec un outil S3.',
      );
    const sha256 = await sha256OfFile(file);
    const body = Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>;
    const res = await this.send('PUT', key, {
      body,
      headers: {
        'content-type': contentType,
        'content-length': String(size),
        'x-amz-content-sha256': sha256,
      },
    });
    if (!res.ok) throw await this.failure(res, 'PUT', key);
    await res.arrayBuffer();
  }

  /** Downloads `key` into `file`, which must not exist; false when there is no such object. */
  async getToFile(key: string, file: string): Promise<boolean> {
    const res = await this.send('GET', key);
    if (!res.ok) {
      const code = await codeOf(res);
      if (res.status === 404 && code !== 'NoSuchBucket') return false;
      throw this.refusal(res.status, code, 'GET', key);
    }
    await fs.promises.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const out = fs.createWriteStream(file, { flags: 'wx', mode: 0o600 });
    if (!res.body) out.end();
    else await pipeline(Readable.fromWeb(res.body as NodeReadableStream<Uint8Array>), out);
    return true;
  }

  /** The object's size, or null when there is none (HEAD). */
  async sizeOf(key: string): Promise<number | null> {
    const res = await this.send('HEAD', key, { short: true });
    if (res.status === 404) return null;
    if (!res.ok) throw await this.failure(res, 'HEAD', key);
    return Number(res.headers.get('content-length'));
  }

  /** Removes the object; a missing one is no error. */
  async delete(key: string): Promise<void> {
    const res = await this.send('DELETE', key, { short: true });
    if (!res.ok && res.status !== 404) throw await this.failure(res, 'DELETE', key);
    await res.arrayBuffer();
  }

  /** Every object whose key starts with `prefix`, page after page. */
  async *list(prefix: string, pageSize = 1000): AsyncIterable<BucketObject> {
    for await (const page of this.pages({ prefix, 'max-keys': String(pageSize) }))
      yield* page.objects;
  }

  /** The "folders" right under `prefix` (keys up to their next `/`, that slash included). */
  async *listFolders(prefix: string): AsyncIterable<string> {
    for await (const page of this.pages({ prefix, delimiter: '/' })) yield* page.folders;
  }

  // ListObjects version 1, each page starting after the last key of the one before, as the
  // storage adapter does: every S3-compatible store has it, and version 2's continuation tokens
  // are mishandled by some (s3rver cannot make one on Node 20).
  private async *pages(query: Record<string, string>): AsyncIterable<ListPage> {
    let marker: string | undefined;
    do {
      const res = await this.send('GET', '', {
        query: { ...query, ...(marker ? { marker } : {}) },
        short: true,
      });
      if (!res.ok) throw await this.failure(res, 'LIST', query.prefix ?? '');
      const page = parseListPage(await res.text());
      yield page;
      marker = page.next;
    } while (marker);
  }
}

interface ListPage {
  objects: BucketObject[];
  folders: string[];
  next: string | undefined;
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const textOf = (xml: string | undefined) =>
  (xml ?? '').replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name] ?? '');
const tag = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];

/** One ListObjects answer: its objects, its common prefixes, and where the next page starts. */
function parseListPage(xml: string): ListPage {
  const objects = [...xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)].map(([, item = '']) => ({
    key: textOf(tag(item, 'Key')),
    bytes: Number(tag(item, 'Size')),
  }));
  const folders = [...xml.matchAll(/<CommonPrefixes>([\s\S]*?)<\/CommonPrefixes>/g)].map(
    ([, item = '']) => textOf(tag(item, 'Prefix')),
  );
  if (!/<IsTruncated>\s*true\s*<\/IsTruncated>/.test(xml))
    return { objects, folders, next: undefined };
  // NextMarker comes with a delimiter only; otherwise the page's last key is where to go on.
  const nextMarker = tag(xml, 'NextMarker');
  const next = nextMarker ? textOf(nextMarker) : objects.at(-1)?.key;
  if (!next) throw new BackupError('Le stockage S3 a coupé une liste sans dire où la reprendre.');
  return { objects, folders, next };
}
