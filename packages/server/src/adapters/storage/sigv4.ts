/**
 * AWS Signature Version 4 for S3-compatible stores (AWS, MinIO, Cloudflare R2, Scaleway...),
 * written with node:crypto so the storage adapter needs no SDK. Signs the payload hash, host,
 * x-amz-date and any headers passed in.
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html
 */
import crypto from 'node:crypto';

export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service?: string;
}

export interface SigV4Request {
  method: string;
  url: URL;
  /** Extra headers to sign and send (content-type, cache-control, range...). */
  headers?: Record<string, string>;
  /** Hex SHA-256 of the body (sha256Hex of an empty buffer for none). */
  payloadHash: string;
  date?: Date;
}

export const sha256Hex = (data: Buffer | string) =>
  crypto.createHash('sha256').update(data).digest('hex');

const hmac = (key: Buffer | string, data: string) =>
  crypto.createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it: only A-Z a-z 0-9 - _ . ~ stay as they are. */
export function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** 20130524T000000Z */
export function amzDate(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function canonicalQuery(url: URL): string {
  return [...url.searchParams.entries()]
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/** The headers to send, Authorization included. */
export function signRequest(req: SigV4Request, creds: SigV4Credentials): Record<string, string> {
  const stamp = amzDate(req.date ?? new Date());
  const day = stamp.slice(0, 8);
  const service = creds.service ?? 's3';
  const headers: Record<string, string> = {
    host: req.url.host,
    'x-amz-content-sha256': req.payloadHash,
    'x-amz-date': stamp,
  };
  for (const [name, value] of Object.entries(req.headers ?? {})) {
    headers[name.toLowerCase()] = value.trim().replace(/\s+/g, ' ');
  }
  const names = Object.keys(headers).sort();
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    req.method.toUpperCase(),
    // S3 signs the path exactly as sent: segments are already URI-encoded once.
    req.url.pathname,
    canonicalQuery(req.url),
    names.map((n) => `${n}:${headers[n] ?? ''}\n`).join(''),
    signedHeaders,
    req.payloadHash,
  ].join('\n');
  const scope = `${day}/${creds.region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${creds.secretAccessKey}`, day), creds.region), service),
    'aws4_request',
  );
  const signature = crypto.createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  headers.authorization =
    `AWS4-HMAC-SHA256 Credential=${creds.accessKeyId}/${scope},` +
    `SignedHeaders=${signedHeaders},Signature=${signature}`;
  return headers;
}
