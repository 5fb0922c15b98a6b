/**
 * The deploy kit's front for the browser benches: a real `caddy run` on 127.0.0.1, with the
 * site block of deploy/Caddyfile (its compression, its sticky-session cookie, its headers) in
 * front of the bench's server, over TLS with a self-signed certificate made for the run, so the
 * browser speaks HTTP/2 to it as members' phones do. Chromium trusts that certificate through
 * `--ignore-certificate-errors-spki-list` (`chromiumArgs`): the page is a secure context and its
 * service worker installs, as on the real site.
 *
 * In front of Caddy sits a byte counter (`wire`): a plain TCP relay that counts every byte each
 * way between the browser and Caddy (TLS records, HTTP/2 frames, HPACK-compressed headers), the
 * figure a phone's data plan sees, TCP/IP headers aside. The browser is sent to the counter's
 * port (`origin`); the bench's own side requests go straight to Caddy (`caddyOrigin`).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../e2e/support/server-process.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const DEPLOY_CADDYFILE = path.join(ROOT, 'deploy/Caddyfile');
const CADDY_PATH = process.env.CADDY_PATH || '/usr/bin/caddy';

/** Bytes between the browser and Caddy, both ways, as they crossed the socket. */
export class WireCounter {
  sent = 0;
  received = 0;
  connections = 0;
  private server: net.Server | null = null;
  private sockets = new Set<net.Socket>();

  /** Listens on `port` (0: a free one) of 127.0.0.1, relaying every connection to `targetPort`. */
  async listen(targetPort: number, port = 0): Promise<number> {
    const server = net.createServer((client) => {
      this.connections += 1;
      const upstream = net.connect(targetPort, '127.0.0.1');
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.on('data', (chunk: Buffer) => (this.sent += chunk.length));
      upstream.on('data', (chunk: Buffer) => (this.received += chunk.length));
      client.pipe(upstream);
      upstream.pipe(client);
    });
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    if (typeof address !== 'object' || !address) throw new Error('the byte counter has no port');
    return address.port;
  }

  /** The counts since the last `take`, and zero from now on. */
  take(): { sent: number; received: number; connections: number } {
    const t = { sent: this.sent, received: this.received, connections: this.connections };
    this.sent = 0;
    this.received = 0;
    this.connections = 0;
    return t;
  }

  async close() {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }
}

export interface Front {
  /** https://127.0.0.1:port of the byte counter: where the browser goes. */
  origin: string;
  /** https://127.0.0.1:port of Caddy itself, for requests that must not be counted. */
  caddyOrigin: string;
  /** The self-signed certificate (PEM), for Node clients. */
  certPem: string;
  /** Chromium flags that make it trust the certificate. */
  chromiumArgs: string[];
  wire: WireCounter;
  /** What Caddy wrote (its log), for errors. */
  output(): string;
  stop(): Promise<void>;
}

/** A self-signed certificate for 127.0.0.1 and localhost, made with openssl. */
function selfSignedCert(dir: string): { cert: string; key: string; spki: string } {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  const r = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`openssl could not make a certificate: ${r.stderr}`);
  const x509 = new crypto.X509Certificate(fs.readFileSync(cert));
  const der = x509.publicKey.export({ type: 'spki', format: 'der' });
  const spki = crypto.createHash('sha256').update(der).digest('base64');
  return { cert, key, spki };
}

/**
 * deploy/Caddyfile's site block for the bench: the site at `site`, the certificate given, the
 * app at `upstream` instead of the compose service; everything else as deployed.
 */
function benchCaddyfile(
  site: string,
  upstream: string,
  cert: string,
  key: string,
  httpPort: number,
) {
  const deployed = fs.readFileSync(DEPLOY_CADDYFILE, 'utf8');
  // The deployed global options (its admin address) give way to the bench's own below.
  const globalBlock = /^\{\n(?:\t[^\n]*\n)*\}\n/m;
  const siteLine = /^\{\$SITE_ADDRESS\} \{$/m;
  const proxyLine = /reverse_proxy \{\$APP_UPSTREAMS:[^}]*\} \{/;
  if (![globalBlock, siteLine, proxyLine].every((line) => line.test(deployed))) {
    throw new Error(
      'deploy/Caddyfile no longer has the global options, the "{$SITE_ADDRESS} {" site and the ' +
        '"reverse_proxy {$APP_UPSTREAMS:…} {" lines the bench rewrites: update bench/front.ts',
    );
  }
  const body = deployed
    .replace(globalBlock, '')
    .replace(siteLine, `${site} {\n\ttls ${cert} ${key}`)
    .replace(proxyLine, `reverse_proxy ${upstream} {`);
  const global = [
    '# Written by bench/front.ts for one bench run, from deploy/Caddyfile.',
    '{',
    '\tadmin off',
    `\thttp_port ${httpPort}`,
    '\tauto_https disable_redirects',
    '}',
    '',
  ].join('\n');
  return `${global}${body}`;
}

async function waitForCaddy(origin: string, ca: string, caddy: ChildProcess, output: () => string) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (caddy.exitCode !== null) throw new Error(`caddy exited (${caddy.exitCode}):\n${output()}`);
    const status = await new Promise<number>((resolve) => {
      const req = https.get(`${origin}/api/health`, { ca }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', () => resolve(0));
    });
    if (status === 200) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`caddy did not answer /api/health in 30 s:\n${output()}`);
}

/** The ports the front will take, chosen before the app starts (its PUBLIC_URL needs one). */
export async function frontPorts(): Promise<{ caddy: number; wire: number }> {
  return { caddy: await freePort(), wire: await freePort() };
}

/** The address members reach: the byte counter's, in front of Caddy. */
export const publicUrlOf = (ports: { wire: number }) => `https://127.0.0.1:${ports.wire}`;

/**
 * Caddy in front of the app at `upstreamPort`, and the byte counter in front of Caddy, on the
 * `ports` given (or free ones).
 */
export async function startFront(
  upstreamPort: number,
  ports?: { caddy: number; wire: number },
): Promise<Front> {
  if (!fs.existsSync(CADDY_PATH)) throw new Error(`no Caddy at ${CADDY_PATH} (CADDY_PATH)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rencontre-bench-caddy-'));
  const { cert, key, spki } = selfSignedCert(dir);
  const port = ports?.caddy ?? (await freePort());
  const caddyOrigin = `https://127.0.0.1:${port}`;
  const caddyfile = path.join(dir, 'Caddyfile');
  fs.writeFileSync(
    caddyfile,
    benchCaddyfile(caddyOrigin, `127.0.0.1:${upstreamPort}`, cert, key, await freePort()),
  );
  const caddy = spawn(CADDY_PATH, ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    cwd: dir,
    // Its data and config folders (certificates, autosave) in the temp folder, not in ~.
    env: {
      PATH: process.env.PATH ?? '',
      HOME: dir,
      XDG_DATA_HOME: path.join(dir, 'data'),
      XDG_CONFIG_HOME: path.join(dir, 'config'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  caddy.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  caddy.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<void>((resolve) => caddy.on('exit', () => resolve()));
  const certPem = fs.readFileSync(cert, 'utf8');
  const wire = new WireCounter();
  const stop = async () => {
    await wire.close();
    if (caddy.exitCode === null) caddy.kill('SIGTERM');
    const kill = setTimeout(() => caddy.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(kill);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForCaddy(caddyOrigin, certPem, caddy, () => out);
    const wirePort = await wire.listen(port, ports?.wire ?? 0);
    return {
      origin: `https://127.0.0.1:${wirePort}`,
      caddyOrigin,
      certPem,
      chromiumArgs: [`--ignore-certificate-errors-spki-list=${spki}`],
      wire,
      output: () => out,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
