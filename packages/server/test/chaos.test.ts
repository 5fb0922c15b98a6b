/**
 * Chaos: the real server process on a private PostgreSQL and a private Redis, under a light
 * steady load (health checks, chat messages, sign-ins), while Redis and then PostgreSQL are
 * stopped and started again. Wanted: the process never exits, no request hangs past its
 * time-out, answers stay in normal time with Redis gone (limits in memory, realtime on this
 * copy), the database outage answers 503 in French, both recover without a restart, and every
 * message the server acknowledged is still there afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { MSG, REALTIME_EVENTS } from '@app/shared';
import { createDb, type Db } from '../src/db/db.js';
import { createSession } from '../src/auth/session.repository.js';
import { kyselyOf } from '../src/db/kysely.js';
import { ensureMatchChat } from '../src/modules/chats/index.js';
import { startServer, type RunningServer } from '../../../e2e/support/server-process.js';
import {
  privateServicesAvailable,
  startPrivatePostgres,
  startPrivateRedis,
  type PrivateService,
} from './private-services.js';

const available = privateServicesAvailable();
/** Longest acceptable answer for any request during the test, outages included. */
const REQUEST_TIMEOUT_MS = 8_000;

interface Sample {
  what: string;
  status: number;
  ms: number;
}

describe.skipIf(!available)('chaos: Redis and PostgreSQL stopped and restarted under load', () => {
  let pg: PrivateService;
  let redis: PrivateService;
  let server: RunningServer;
  let db: Db;
  let tokens: { a: string; b: string };
  let chatId = 0;
  let socket: Socket | null = null;
  const samples: Sample[] = [];
  const acknowledged: number[] = [];
  let sent = 0;

  async function call(what: string, path: string, init: RequestInit = {}) {
    const started = Date.now();
    let status: number;
    let body: { success?: boolean; message?: string; data?: Record<string, unknown> } = {};
    try {
      const res = await fetch(`${server.baseUrl}${path}`, {
        ...init,
        headers: { 'content-type': 'application/json', ...init.headers },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      status = res.status;
      body = (await res.json()) as typeof body;
    } catch {
      status = -1; // timed out or connection refused
    }
    samples.push({ what, status, ms: Date.now() - started });
    return { status, body, ms: Date.now() - started };
  }

  async function sendMessage() {
    sent += 1;
    const res = await call('message', '/api/messages/text', {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.a}` },
      body: JSON.stringify({ chat_id: chatId, content: `message ${sent}` }),
    });
    const id = res.body.data?.id;
    if (res.status === 201 && typeof id === 'number') acknowledged.push(id);
    return res;
  }

  /** Light steady load for `ms`: a health check and a message every 150 ms. */
  async function load(ms: number) {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      await Promise.all([call('health', '/api/health'), sendMessage()]);
      await new Promise((r) => setTimeout(r, 150));
    }
  }

  async function until(check: () => Promise<boolean>, ms: number, what: string) {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`${what}: not within ${ms} ms`);
  }

  const health = async () => call('health', '/api/health');

  beforeAll(async () => {
    [pg, redis] = await Promise.all([startPrivatePostgres(), startPrivateRedis()]);
    server = await startServer({
      env: { DATABASE_URL: pg.url, REDIS_URL: redis.url, LOG_LEVEL: 'warn' },
    });
    db = await createDb({ databaseUrl: pg.url, dataDir: null });
    const ids: number[] = [];
    for (const name of ['Awa', 'Issa']) {
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO users (email, name, email_verified_at, profile_completed_at)
         VALUES ($1, $2, now(), now()) RETURNING id`,
        [`${name.toLowerCase()}@chaos.bf`, name],
      );
      if (!row) throw new Error('member not created');
      ids.push(row.id);
    }
    const [a = 0, b = 0] = ids;
    tokens = { a: await createSession(kyselyOf(db), a), b: await createSession(kyselyOf(db), b) };
    chatId = await db.transaction((tx) => ensureMatchChat(kyselyOf(tx), a, b));
    socket = connect(server.baseUrl, {
      path: '/socket.io',
      auth: { token: tokens.b },
      transports: ['websocket'],
      reconnectionDelay: 200,
    });
    await new Promise((resolve) => socket?.once('connect', () => resolve(null)));
  }, 120_000);

  afterAll(async () => {
    socket?.disconnect();
    await db?.close();
    await server?.stop();
    await Promise.all([pg?.dispose(), redis?.dispose()]);
  }, 60_000);

  it('keeps serving with Redis gone, and shares again once it is back', async () => {
    await load(1_000);
    await redis.stop();
    const started = Date.now();
    await load(2_000);
    const down = await health();
    expect(down.status).toBe(200);
    expect(down.body.data).toEqual({ db: 'ok', redis: 'down' });
    expect(down.ms).toBeLessThan(1_500);
    // Sign-up and sign-in count their limits in memory meanwhile, in normal time.
    const email = `nouveau${Date.now()}@chaos.bf`;
    const signup = await call('register', '/api/register', {
      method: 'POST',
      body: JSON.stringify({ email, password: 'Baobab-Sahel-2025' }),
    });
    expect(signup.status).toBe(201);
    const login = await call('login', '/api/login', {
      method: 'POST',
      body: JSON.stringify({ email, password: 'Baobab-Sahel-2025' }),
    });
    expect(login.status).toBe(200);
    expect(login.ms).toBeLessThan(2_000);
    // Realtime still reaches a member connected to this copy.
    const heard = new Promise((resolve) => socket?.once(REALTIME_EVENTS.messageSent, resolve));
    expect((await sendMessage()).status).toBe(201);
    await expect(heard).resolves.toBeTruthy();
    expect(Date.now() - started).toBeLessThan(15_000);

    await redis.start();
    await until(async () => (await health()).body.data?.redis === 'ok', 15_000, 'Redis back');
    await load(1_000);
    expect(server.process.child.exitCode).toBeNull();
    // The outage was logged once, not once per request.
    const warnings = server.process.output().match(/Redis injoignable/g) ?? [];
    expect(warnings.length).toBeGreaterThanOrEqual(1);
    expect(warnings.length).toBeLessThanOrEqual(3);
  }, 90_000);

  it('answers 503 in French while PostgreSQL is down, and recovers without a restart', async () => {
    await pg.stop();
    const down = await health();
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({
      success: false,
      message: MSG.unavailable,
      data: { db: 'down', redis: 'ok' },
    });
    expect(down.ms).toBeLessThan(3_000);
    const refused = await sendMessage();
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({
      success: false,
      message: MSG.unavailable,
      error: 'unavailable',
    });
    await load(1_500);

    await pg.start();
    await until(async () => (await health()).status === 200, 20_000, 'PostgreSQL back');
    expect((await sendMessage()).status).toBe(201);
    await load(1_000);
    expect(server.process.child.exitCode).toBeNull();
  }, 90_000);

  it('kept every acknowledged message, and no request hung past its time-out', async () => {
    expect(acknowledged.length).toBeGreaterThan(10);
    const rows = await db.query<{ id: number }>('SELECT id FROM messages WHERE id = ANY($1)', [
      acknowledged,
    ]);
    expect(rows.length).toBe(acknowledged.length);
    const hung = samples.filter((s) => s.status === -1 || s.ms >= REQUEST_TIMEOUT_MS);
    expect(hung).toEqual([]);
    // Whatever was down, nothing answered a bare 500.
    expect(samples.filter((s) => s.status === 500)).toEqual([]);
    expect(server.process.child.exitCode).toBeNull();
  });
});
