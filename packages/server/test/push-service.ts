/**
 * A local push service over HTTPS on 127.0.0.1 (Web Push requires HTTPS): a self-signed
 * certificate made with openssl, an agent that trusts it, and every request recorded.
 * Endpoints whose path starts with /gone answer 410 like a push service for a dead subscription.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { makeTestDir } from './temp-dirs.js';

interface PushRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export async function startPushService() {
  const dir = makeTestDir('push');
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const requests: PushRequest[] = [];
  const server = https.createServer(
    { key: fs.readFileSync(key), cert: fs.readFileSync(cert) },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        requests.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
        res.statusCode = req.url?.startsWith('/gone') ? 410 : 201;
        res.end();
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    requests,
    agent: new https.Agent({ ca: fs.readFileSync(cert) }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser-like subscription: a real P-256 public key and auth secret. */
export function fakeBrowserSubscription(endpoint: string) {
  const ecdh = crypto.createECDH('prime256v1');
  return {
    endpoint,
    keys: {
      p256dh: ecdh.generateKeys().toString('base64url'),
      auth: crypto.randomBytes(16).toString('base64url'),
    },
  };
}

/**
 * A subscription whose keys the test keeps, so it can open what the push service received as
 * the browser would (RFC 8291: aes128gcm, one record) and read the payload.
 */
export function readableSubscription(endpoint: string) {
  const ecdh = crypto.createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const authSecret = crypto.randomBytes(16);
  return {
    subscription: {
      endpoint,
      keys: { p256dh: publicKey.toString('base64url'), auth: authSecret.toString('base64url') },
    },
    /** The payload of a push body sent to this subscription. */
    open(body: Buffer): unknown {
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const senderKey = body.subarray(21, 21 + idLength);
      const sealed = body.subarray(21 + idLength);
      const info = (label: string, extra = Buffer.alloc(0)) =>
        Buffer.concat([Buffer.from(`${label}\0`), extra]);
      const ikm = Buffer.from(
        crypto.hkdfSync(
          'sha256',
          ecdh.computeSecret(senderKey),
          authSecret,
          info('WebPush: info', Buffer.concat([publicKey, senderKey])),
          32,
        ),
      );
      const cek = Buffer.from(
        crypto.hkdfSync('sha256', ikm, salt, info('Content-Encoding: aes128gcm'), 16),
      );
      const nonce = Buffer.from(
        crypto.hkdfSync('sha256', ikm, salt, info('Content-Encoding: nonce'), 12),
      );
      const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(sealed.subarray(sealed.length - 16));
      const padded = Buffer.concat([
        decipher.update(sealed.subarray(0, sealed.length - 16)),
        decipher.final(),
      ]);
      // The last record ends with the delimiter 2, then padding zeros.
      const end = padded.lastIndexOf(2);
      return JSON.parse(padded.subarray(0, end).toString('utf8'));
    },
  };
}
