/**
 * The deploy kit's front, as it ships: Debian's Caddy (/usr/bin/caddy, CADDY_BIN to use another)
 * run on `deploy/Caddyfile` itself, only its environment set — the site on the loopback over
 * plain HTTP, the copies named, no admin endpoint, a short health-check interval. The tests of
 * balancing and the real-stack browser flows go through it, so the file that ships is the one
 * tested.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CADDYFILE = fileURLToPath(new URL('../../deploy/Caddyfile', import.meta.url));
/** The cookie `lb_policy cookie` sets (deploy/Caddyfile). */
export const LB_COOKIE = 'rencontre_lb';

export interface CaddyFront {
  url: string;
  /** Caddy's own output so far. */
  output(): string;
  close(): Promise<void>;
}

/**
 * The value of the balancing cookie that sends a request to `upstream` (host:port as given to
 * Caddy): Caddy's cookie policy names a copy by the HMAC-SHA256 of its address, its secret
 * empty when the Caddyfile gives none.
 */
export const lbCookieFor = (upstream: string) =>
  crypto.createHmac('sha256', '').update(upstream).digest('hex');

/** Starts Caddy on 127.0.0.1:`port` in front of `upstreams` (host:port each); resolves once it answers. */
export async function startCaddyFront(opts: {
  port: number;
  upstreams: string[];
  /** Caddy's active health check interval (deploy/Caddyfile's CADDY_HEALTH_INTERVAL). */
  healthInterval?: string;
}): Promise<CaddyFront> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'caddy-front-'));
  const url = `http://127.0.0.1:${opts.port}`;
  const child = spawn(
    process.env.CADDY_BIN ?? '/usr/bin/caddy',
    ['run', '--adapter', 'caddyfile', '--config', CADDYFILE],
    {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: home,
        XDG_DATA_HOME: path.join(home, 'data'),
        XDG_CONFIG_HOME: path.join(home, 'config'),
        SITE_ADDRESS: url,
        APP_UPSTREAMS: opts.upstreams.join(' '),
        CADDY_ADMIN: 'off',
        CADDY_HEALTH_INTERVAL: opts.healthInterval ?? '1s',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    fs.rmSync(home, { recursive: true, force: true });
  };
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) {
      await close();
      throw new Error(`Caddy exited before answering:\n${output}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await close();
      throw new Error(`Caddy did not answer within 20 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return { url, output: () => output, close };
}
