/**
 * s3rver, a real S3-protocol server, on 127.0.0.1 for one test file: its buckets, the requests
 * it received in order, a way to make it fail some (a store that breaks mid-way), and a client
 * that reads and writes it without the code under test.
 */
import http from 'node:http';
import { AwsClient } from 'aws4fetch';
import S3rver from 's3rver';
import { makeTestDir } from './temp-dirs.js';

// s3rver's own account: it refuses any other access key id.
export const S3RVER_KEY = { keyId: 'S3RVER', secret: 'S3RVER' };
export const REGION = 'af-south-1';

/** The S3_* settings that reach the server (the app's storage when S3_BUCKET is added). */
export const s3Env = (endpoint: string) => ({
  S3_ENDPOINT: endpoint,
  S3_REGION: REGION,
  S3_ACCESS_KEY_ID: S3RVER_KEY.keyId,
  S3_SECRET_ACCESS_KEY: S3RVER_KEY.secret,
});

/**
 * s3rver with `buckets`; with `basePath`, mounted under it as a reverse proxy in front of the
 * store would (the endpoint then carries the path, which is stripped before s3rver sees it).
 */
export async function startS3rver(buckets: string[], { basePath = '' } = {}) {
  const s3rver = new S3rver({
    silent: true,
    directory: makeTestDir('s3rver'),
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  await s3rver.configureBuckets();
  const handle = s3rver.callback();
  const seen: { method: string; path: string }[] = [];
  let failing: (method: string, path: string) => boolean = () => false;
  const server = http.createServer((req, res) => {
    const [urlPath = '/'] = (req.url ?? '/').split('?');
    seen.push({ method: req.method ?? '', path: urlPath });
    if (failing(req.method ?? '', urlPath)) return res.writeHead(500).end();
    if (!req.url?.startsWith(`${basePath}/`)) return res.writeHead(404).end();
    req.url = req.url.slice(basePath.length);
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const endpoint = `http://127.0.0.1:${port}${basePath}`;
  const client = new AwsClient({
    accessKeyId: S3RVER_KEY.keyId,
    secretAccessKey: S3RVER_KEY.secret,
    region: REGION,
    service: 's3',
    retries: 0,
  });
  return {
    endpoint,
    seen,
    /** Answers 500 to the requests `fail` picks, from now on (`() => false` heals it). */
    failWhen: (fail: typeof failing) => (failing = fail),
    /** Any request to the server, signed, as another program sharing the bucket would send it. */
    raw: (urlPath: string, init?: RequestInit) => client.fetch(`${endpoint}${urlPath}`, init),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
