/**
 * The server as an operator runs it: `node --import tsx packages/server/src/main.ts` with its
 * own DATA_DIR. A bad variable stops it at once; SIGTERM lets an in-flight request finish and
 * exits 0; what it wrote to the embedded database is still there after a restart.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '../src/db/db.js';
import {
  makeTempDir,
  spawnServer,
  startServer,
  type Exit,
  type RunningServer,
} from '../../../e2e/support/server-process.js';

const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../src/db/migrations');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDataDir(): string {
  const dir = makeTempDir('process');
  dirs.push(dir);
  return dir;
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: over ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

async function readMigrations(dataDir: string) {
  const db = await createDb({ dataDir });
  try {
    return await db.query<{ name: string; applied_at: Date }>(
      'SELECT name, applied_at FROM schema_migrations ORDER BY name',
    );
  } finally {
    await db.close();
  }
}

/**
 * A POST whose body arrives in two halves; resolves with the answer once it is complete.
 * The client keeps its connection alive, as browsers do: the server must still stop cleanly
 * (answers sent while closing carry `Connection: close`).
 */
function slowPost(baseUrl: string) {
  const body = JSON.stringify({ note: 'x'.repeat(2_000) });
  const half = Math.floor(body.length / 2);
  const req = http.request(`${baseUrl}/api/nope`, {
    agent: new http.Agent({ keepAlive: true }),
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
  });
  req.write(body.slice(0, half));
  return { answer, finish: () => req.end(body.slice(half)) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves once the server's output matches `pattern`, checked as each log line comes in. */
function logged(server: RunningServer, pattern: RegExp): Promise<void> {
  const { child, output } = server.process;
  const seen = new Promise<void>((resolve) => {
    const check = () => {
      if (!pattern.test(output())) return;
      child.stdout?.off('data', check);
      resolve();
    };
    child.stdout?.on('data', check);
    check();
  });
  return within(seen, 10_000, `log line ${pattern}`);
}

// The tests run in order: the restart test reopens the data directory the SIGTERM test left.
describe('server process', () => {
  const dataDir = tempDataDir();

  it('stops at start on an invalid PORT with a message naming it', async () => {
    const server = spawnServer({
      NODE_ENV: 'test',
      DEMO_SEED: 'off',
      DATA_DIR: tempDataDir(),
      PORT: 'abc',
    });
    const exit: Exit = await within(server.exited, 15_000, 'exit on a bad PORT');
    expect(exit.code).not.toBe(0);
    expect(exit.code).not.toBeNull();
    expect(server.output()).toMatch(/PORT/);
  });

  it('finishes an in-flight request on SIGTERM, then exits 0', async () => {
    // Logs on, to know when the request is being handled and when the signal was taken.
    const server = await startServer({ dataDir, env: { LOG_LEVEL: 'info' } });
    const inFlight = slowPost(server.baseUrl);
    // Its own line: the health checks made while starting are logged as incoming requests too.
    await logged(server, /\/api\/nope"[^\n]*incoming request/);
    const stopping = server.stop();
    await logged(server, /arrêt en cours/);
    // Deliberate: a server that dropped the request would exit within this time; no event marks
    // an exit that does not happen.
    await sleep(300);
    expect(server.process.child.exitCode, 'exited with a request in flight').toBeNull();

    inFlight.finish();
    const answer = await within(inFlight.answer, 10_000, 'answer to the in-flight request');
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body)).toMatchObject({ success: false });
    expect(await within(stopping, 15_000, 'exit after SIGTERM')).toEqual({ code: 0, signal: null });
  }, 60_000);

  it('keeps its embedded database across a restart', async () => {
    const applied = await readMigrations(dataDir);
    const files = fs
      .readdirSync(MIGRATIONS_DIR)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    expect(applied.map((r) => r.name)).toEqual(files);

    const again = await startServer({ dataDir });
    const health = await fetch(`${again.baseUrl}/api/health`);
    expect(await health.json()).toMatchObject({ success: true, data: { db: 'ok' } });
    expect(await again.stop()).toEqual({ code: 0, signal: null });
    // Same rows, same timestamps: the restart found them and applied nothing again.
    expect(await readMigrations(dataDir)).toEqual(applied);
  }, 60_000);
});
