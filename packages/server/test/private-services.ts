/**
 * A private Redis and a private PostgreSQL for one test, on free ports, that the test may stop
 * and start again (chaos tests). Both use the machine's own binaries (redis-server, and
 * PostgreSQL's initdb/pg_ctl); PostgreSQL refuses to run as root, so as root its commands run as
 * the `postgres` system user. `privateServicesAvailable()` says whether this machine has them.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, makeTempDir } from '../../../e2e/support/server-process.js';

function findPostgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

function which(cmd: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const file = path.join(dir, cmd);
    if (fs.existsSync(file)) return file;
  }
  return null;
}

const isRoot = () => process.getuid?.() === 0;

export function privateServicesAvailable(): boolean {
  return !!which('redis-server') && !!findPostgresBin() && (!isRoot() || !!which('runuser'));
}

export interface PrivateService {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops for good and removes its files. */
  dispose(): Promise<void>;
}

async function waitUntil(check: () => boolean | Promise<boolean>, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} not ready after ${ms} ms`);
}

export async function startPrivateRedis(): Promise<PrivateService> {
  const port = await freePort();
  const dir = makeTempDir('redis');
  let child: ChildProcess | null = null;
  const start = async () => {
    const proc = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { cwd: dir, stdio: 'ignore' },
    );
    child = proc;
    await waitUntil(
      () => {
        try {
          execFileSync('redis-cli', ['-p', String(port), 'ping'], { stdio: 'pipe' });
          return true;
        } catch {
          return false;
        }
      },
      10_000,
      'redis-server',
    );
  };
  const stop = async () => {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    stop,
    async dispose() {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function startPrivatePostgres(): Promise<PrivateService> {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL binaries not found');
  const port = await freePort();
  const dir = makeTempDir('pg');
  const data = path.join(dir, 'data');
  fs.mkdirSync(data, { mode: 0o700 });
  const asOwner = (cmd: string, args: string[]) =>
    isRoot()
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args]]
      : [path.join(bin, cmd), args];
  if (isRoot()) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    fs.chownSync(dir, uid, gid);
    fs.chownSync(data, uid, gid);
  }
  const run = (cmd: string, args: string[]) => {
    const [file, argv] = asOwner(cmd, args) as [string, string[]];
    execFileSync(file, argv, { stdio: 'pipe', cwd: os.tmpdir() });
  };
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = async () => {
    run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  };
  const stop = async () => {
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // Already stopped.
    }
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async dispose() {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
