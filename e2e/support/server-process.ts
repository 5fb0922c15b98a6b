/**
 * Runs the real server as a child process (`node --import tsx packages/server/src/main.ts`),
 * as production does: a free port, its own DATA_DIR, a clean environment. Used by the e2e
 * global setup and by the server's process tests (start, bad config, graceful stop, restart).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './paths.js';

const ENTRY = 'packages/server/src/main.ts';
// Only what Node and the OS need: the developer's shell must not leak DATABASE_URL, REDIS_URL,
// PORT… into a server that is meant to run on the defaults we pass.
const INHERITED = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'LC_ALL', 'TZ', 'SYSTEMROOT'];

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  exited: Promise<Exit>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves with how it ended. */
  stop(graceMs?: number): Promise<Exit>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

export function makeTempDir(label = 'server'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `rencontre-${label}-`));
}

/** Spawns the server with exactly `env` (plus PATH and friends); does not wait for anything. */
export function spawnServer(env: Record<string, string>): ServerProcess {
  const base: Record<string, string> = {};
  for (const key of INHERITED) {
    const value = process.env[key];
    if (value !== undefined) base[key] = value;
  }
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
    cwd: REPO_ROOT,
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<Exit>((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });

  return {
    child,
    output: () => out,
    exited,
    async stop(graceMs = 15_000) {
      if (isRunning(child)) child.kill('SIGTERM');
      const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const result = await exited;
      clearTimeout(kill);
      return result;
    },
  };
}

function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/** Polls GET /api/health until it answers db ok; fails early if the process dies. */
async function waitForHealth(
  baseUrl: string,
  server: ServerProcess,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isRunning(server.child)) {
      const { exitCode, signalCode } = server.child;
      throw new Error(
        `server exited (code ${exitCode}, signal ${signalCode}) before it was ready:\n${server.output()}`,
      );
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      const body: unknown = await res.json();
      if (res.ok && isHealthy(body)) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms:\n${server.output()}`);
}

function isHealthy(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || !('data' in body)) return false;
  const { data } = body;
  return typeof data === 'object' && data !== null && 'db' in data && data.db === 'ok';
}

export interface StartOptions {
  /** Reuse a data directory (restart tests); otherwise a fresh temp one, removed on stop. */
  dataDir?: string;
  /** Extra or overriding variables (DEMO_SEED, LOG_LEVEL…). */
  env?: Record<string, string>;
  /** How long to wait for a healthy answer (the demo seed draws portraits first). */
  readyTimeoutMs?: number;
  /** A given port (a restart where the pages wait for it); otherwise a free one. */
  port?: number;
}

export interface RunningServer {
  baseUrl: string;
  port: number;
  dataDir: string;
  process: ServerProcess;
  /** Stops the server (SIGTERM) and removes the data directory if this call created it. */
  stop(): Promise<Exit>;
}

/** A healthy server on a free port: NODE_ENV=test, DEMO_SEED=off unless `env` says otherwise. */
export async function startServer(opts: StartOptions = {}): Promise<RunningServer> {
  const port = opts.port ?? (await freePort());
  const ownsDir = !opts.dataDir;
  const dataDir = opts.dataDir ?? makeTempDir();
  const baseUrl = `http://127.0.0.1:${port}`;
  const proc = spawnServer({
    NODE_ENV: 'test',
    DEMO_SEED: 'off',
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    ...opts.env,
    PORT: String(port),
    DATA_DIR: dataDir,
  });
  const cleanUp = () => {
    if (ownsDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, proc, opts.readyTimeoutMs);
  } catch (err) {
    await proc.stop(2_000);
    cleanUp();
    throw err;
  }
  return {
    baseUrl,
    port,
    dataDir,
    process: proc,
    async stop() {
      const exit = await proc.stop();
      cleanUp();
      return exit;
    },
  };
}
