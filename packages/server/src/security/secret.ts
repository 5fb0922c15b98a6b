/**
 * The server's signing secret (signed media URLs, location fuzz): APP_SECRET when given,
 * otherwise 32 random bytes generated once into DATA_DIR/secret.key and kept across restarts.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/index.js';

/** The generated secret's file in DATA_DIR (a backup carries it: media links depend on it). */
export const SECRET_FILE = 'secret.key';

export function loadSecret(config: Pick<Config, 'appSecret' | 'dataDir'>): Buffer {
  if (config.appSecret) return Buffer.from(config.appSecret, 'utf8');
  const file = path.join(config.dataDir, SECRET_FILE);
  try {
    const saved = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
    if (saved.length === 32) return saved;
  } catch {
    // First start.
  }
  const secret = crypto.randomBytes(32);
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(file, secret.toString('hex'), { mode: 0o600 });
  return secret;
}

export const hmac = (secret: Buffer, value: string) =>
  crypto.createHmac('sha256', secret).update(value).digest('base64url');

/** A key of its own for one use of the secret, so no two uses can stand in for each other. */
export const derivedKey = (secret: Buffer, purpose: string) =>
  crypto.createHmac('sha256', secret).update(`key|${purpose}`).digest();
