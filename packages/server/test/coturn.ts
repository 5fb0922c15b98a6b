/**
 * A real coturn for tests and benches: `turnserver` (Debian's coturn; COTURN_PATH for another
 * binary) on 127.0.0.1 with a random listening port and relay range, relay only for loopback
 * peers, and the shared-secret scheme the app signs its credentials with (use-auth-secret,
 * static-auth-secret). Its configuration file and logs sit in a temporary folder of its own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

// Tests and benches are the places besides config.ts that read the environment.
const COTURN_PATH = process.env.COTURN_PATH || '/usr/bin/turnserver';

export interface Coturn {
  /** The address to put in TURN_URLS (UDP). */
  url: string;
  port: number;
  secret: string;
  /** What coturn wrote to its log so far. */
  log(): string;
  close(): Promise<void>;
}

function freeTcpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

function waitForPort(port: number, child: ChildProcess, dir: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  return new Promise<void>((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null)
        return reject(new Error(`turnserver exited (${child.exitCode}): ${readLog(dir)}`));
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`turnserver not listening: ${readLog(dir)}`));
        else setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

function readLog(dir: string) {
  try {
    return fs.readFileSync(path.join(dir, 'turn.log'), 'utf8');
  } catch {
    return '';
  }
}

function hasCoturn(): boolean {
  return fs.existsSync(COTURN_PATH);
}

export async function startCoturn(opts: { secret?: string } = {}): Promise<Coturn> {
  if (!hasCoturn())
    throw new Error(
      `coturn is missing at ${COTURN_PATH} (apt-get install -y coturn, or set COTURN_PATH)`,
    );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rencontre-coturn-'));
  const port = await freeTcpPort();
  const secret = opts.secret ?? crypto.randomBytes(24).toString('hex');
  // A relay range of its own, away from the ephemeral ports the OS hands out.
  const minPort = 20_000 + crypto.randomInt(0, 400) * 100;
  const conf = [
    `listening-ip=127.0.0.1`,
    `relay-ip=127.0.0.1`,
    `listening-port=${port}`,
    `min-port=${minPort}`,
    `max-port=${minPort + 99}`,
    'use-auth-secret',
    `static-auth-secret=${secret}`,
    'realm=rencontre.test',
    'fingerprint',
    'no-tls',
    'no-dtls',
    'no-cli',
    'no-multicast-peers',
    // The browsers of a test are on this machine: their relays talk over loopback.
    'allow-loopback-peers',
    `pidfile=${path.join(dir, 'turnserver.pid')}`,
    `userdb=${path.join(dir, 'turndb')}`,
    `log-file=${path.join(dir, 'turn.log')}`,
    'simple-log',
    'no-stdout-log',
  ];
  const confFile = path.join(dir, 'turnserver.conf');
  fs.writeFileSync(confFile, `${conf.join('\n')}\n`);
  const child = spawn(COTURN_PATH, ['-c', confFile], { stdio: 'ignore' });
  try {
    await waitForPort(port, child, dir);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    url: `turn:127.0.0.1:${port}?transport=udp`,
    port,
    secret,
    log: () => readLog(dir),
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 3_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
