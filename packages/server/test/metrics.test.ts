/**
 * GET /metrics: after a sign-up, a chat message, a paid and a failed payment, an announcement
 * paid in coins and a live socket, Prometheus reads each series with its labels and values;
 * only the loopback, private networks or the token may read it (others get the plain 404),
 * also behind a trusted proxy; each app counts on its own registry; slow queries are logged by
 * plan id, never with their parameters.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { CompiledQuery, sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { isPrivateAddress } from '../src/metrics/metrics-access.js';
import { planIdOf, queryLogHook } from '../src/db/query-log.js';
import { createMember, createTestApp, TEST_REDIS_URL, testConfig } from './helpers.js';
import type { TestApp } from './helpers.js';
import { call } from './fake-providers/kit.js';
import { listen, openSocketTracked } from './sockets.js';
import { removeTestDirs } from './temp-dirs.js';

const TOKEN = 'jeton-de-lecture-des-metriques';
const PUBLIC_IP = '203.0.113.9';

let t: TestApp;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  const redis: Record<string, string> = TEST_REDIS_URL
    ? { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: `metrics${Date.now().toString(36)}` }
    : {};
  t = await createTestApp({ METRICS_TOKEN: TOKEN, ANNOUNCEMENT_FIRST_FREE: 'off', ...redis });
  url = await listen(t.app);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

/** One sample's value: the series `name` whose labels include all of `labels`. */
function sample(text: string, name: string, labels: Record<string, string> = {}) {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const found = Object.fromEntries(
      [...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(m[3]);
  }
  return undefined;
}

const scrape = async (app = t.app) => {
  const res = await app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
};

async function signUp(email: string) {
  const payload = { email, password: 'Savane-Lune-42', device_hash: `device-${email}` };
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload,
    remoteAddress: '10.20.0.1',
  });
  expect(res.statusCode, res.body).toBe(201);
  const mail = t.app.deps.mailer
    .outbox()
    .filter((m) => m.to.includes(email))
    .at(-1);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  expect(code).toBeDefined();
  const verified = await call(t, '/verify-otp', { email, otp_code: code });
  expect(verified.statusCode, verified.body).toBe(200);
}

/** A member whose profile an announcement accepts (photo, birth date, place). */
async function publicMember() {
  const m = await createMember(t);
  await t.db.query(
    `UPDATE users SET gender = 'femme', birth_date = '1995-06-15',
        locality = 'Ouagadougou, Burkina Faso', photo_key = $2 WHERE id = $1`,
    [m.id, `demo/${'ab'.repeat(16)}`],
  );
  return m;
}

describe('GET /metrics after a day in the life of the app', () => {
  it('counts sign-ups, messages, payments, coins, requests, queries, sockets and rooms', async () => {
    await signUp(`metrique.${Date.now()}@exemple.bf`);

    const [a, b] = [await publicMember(), await createMember(t)];
    const chat = await call(t, '/chats/create', { other_user_id: b.id }, a.token);
    const chatId = Number(chat.json().data.chat_id);
    await t.db.query(`UPDATE chats SET origin = 'match' WHERE id = $1`, [chatId]);
    const sent = await call(
      t,
      '/messages/text',
      { chat_id: chatId, content: 'Bonsoir !' },
      a.token,
    );
    expect(sent.statusCode, sent.body).toBeLessThan(300);

    const orange = { amount: 1000, phone: '70123456', payment_method: 'orange', otp: '482915' };
    const paid = await call(t, '/init-bf-payment', orange, a.token);
    const check = await call(t, '/check-bf-payment', { token: paid.json().token }, a.token);
    expect(check.json().status).toBe('success');
    const moov = { amount: 500, phone: '70000010', payment_method: 'moov' };
    const refused = await call(t, '/init-bf-payment', moov, b.token);
    await call(t, '/check-bf-payment', { token: refused.json().token }, b.token);
    // An order the provider never answered, made 20 minutes ago: stuck pending.
    const stuck = await call(t, '/init-bf-payment', orange, b.token);
    await t.db.query(
      `UPDATE payment_orders SET created_at = now() - interval '20 minutes' WHERE payment_id = $1`,
      [stuck.json().token],
    );

    const announced = await call(t, '/announcements', { description: ANNOUNCEMENT }, a.token);
    expect(announced.statusCode, announced.body).toBe(201);
    const announcementId = Number(announced.json().data.id);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/announcements/${announcementId}`,
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const lost = await t.app.inject({ method: 'GET', url: `/api/nothing/${announcementId}` });
    expect(lost.statusCode).toBe(404);

    const socket = await openSocketTracked(sockets, url, { token: a.token });
    const joined = await socket.emitWithAck('chat:join', { chat_id: chatId });
    expect(joined).toEqual({ ok: true });

    const text = await scrape();
    expect(sample(text, 'signups_total', { method: 'email' })).toBe(1);
    expect(sample(text, 'chat_messages_sent_total', { type: 'text' })).toBe(1);
    const payments = (outcome: string) =>
      sample(text, 'payments_total', { provider: 'simulator', outcome });
    expect([payments('success'), payments('failed')]).toEqual([1, 1]);
    expect(sample(text, 'payment_orders_pending_stale')).toBe(1);
    expect(sample(text, 'coins_credited_total', { reason: 'signup_gift' })).toBe(100);
    expect(sample(text, 'coins_credited_total', { reason: 'purchase' })).toBe(275);
    expect(sample(text, 'coins_debited_total', { reason: 'announcement' })).toBe(50);

    const requests = (route: string, method: string, status: string) =>
      sample(text, 'http_request_duration_seconds_count', { route, method, status });
    expect(requests('/api/register', 'POST', '201')).toBe(1);
    expect(requests('/api/check-bf-payment', 'POST', '200')).toBe(2);
    // The route's pattern, never the URL with the id.
    expect(requests('/api/announcements/:id', 'DELETE', '200')).toBe(1);
    expect(requests('unmatched', 'GET', '404')).toBe(1);
    expect(text).not.toContain(`/${announcementId}"`);
    expect(text).not.toMatch(/route="\/metrics"/);

    expect(
      sample(text, 'db_query_duration_seconds_count', { operation: 'select' }),
    ).toBeGreaterThan(10);
    expect(
      sample(text, 'db_query_duration_seconds_count', { operation: 'insert' }),
    ).toBeGreaterThan(3);
    expect(sample(text, 'realtime_open_sockets')).toBe(1);
    expect(sample(text, 'realtime_rooms', { kind: 'user' })).toBe(1);
    expect(sample(text, 'realtime_rooms', { kind: 'session' })).toBe(1);
    expect(sample(text, 'realtime_rooms', { kind: 'chat' })).toBe(1);
    if (t.db.kind === 'postgres') {
      expect(sample(text, 'db_pool_connections', { state: 'max' })).toBe(10);
      expect(sample(text, 'db_pool_waiting_queries')).toBe(0);
    } else {
      expect(sample(text, 'db_pool_connections')).toBeUndefined();
    }
    expect(sample(text, 'redis_up')).toBe(TEST_REDIS_URL ? 1 : undefined);

    // prom-client's process and Node series, event-loop lag and memory among them.
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
    ]) {
      expect(sample(text, name), name).toBeGreaterThanOrEqual(0);
    }
  });
});

/** Metric names in PromQL text: snake_case words that are not a function call. */
const metricNamesIn = (promql: string) =>
  promql.match(/\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b(?!\s*\()/g) ?? [];

describe('deploy/grafana-dashboard.json and deploy/alerts.yml', () => {
  it("query only series the app exports, or node_exporter's disk series", async () => {
    const deploy = path.resolve(import.meta.dirname, '../../../deploy');
    const dashboard = JSON.parse(
      fs.readFileSync(path.join(deploy, 'grafana-dashboard.json'), 'utf8'),
    );
    const panels: { targets?: { expr: string }[] }[] = dashboard.panels;
    const alerts = fs
      .readFileSync(path.join(deploy, 'alerts.yml'), 'utf8')
      .split('\n')
      .filter((line) => !line.trim().startsWith('#'))
      .join('\n');
    const used = new Set([
      ...panels.flatMap((p) => p.targets ?? []).flatMap((q) => metricNamesIn(q.expr)),
      ...metricNamesIn(alerts),
    ]);
    const exported = new Set(['redis_up', 'db_pool_connections', 'db_pool_waiting_queries']);
    for (const m of (await scrape()).matchAll(/^# TYPE (\w+) (\w+)$/gm)) {
      const [, name = '', type] = m;
      exported.add(name);
      if (type === 'histogram')
        for (const s of ['bucket', 'count', 'sum']) exported.add(`${name}_${s}`);
    }
    const nodeExporter = ['node_filesystem_avail_bytes', 'node_filesystem_size_bytes'];
    const unknown = [...used].filter((n) => !exported.has(n) && !nodeExporter.includes(n));
    expect(unknown).toEqual([]);
    for (const name of ['http_request_duration_seconds_bucket', 'payment_orders_pending_stale'])
      expect(used).toContain(name);
  });
});

const ANNOUNCEMENT =
  'Jeune femme calme et souriante, je cherche une relation sérieuse avec un homme respectueux.';

describe('who may read /metrics', () => {
  const get = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

  it('answers a public address with the plain 404 of a path that does not exist', async () => {
    const refused = await get(PUBLIC_IP);
    expect(refused.statusCode).toBe(404);
    const unknown = await t.app.inject({ method: 'GET', url: '/absent.txt' });
    expect(refused.body).toBe(unknown.body);
    expect(refused.body).not.toMatch(/http_request|process_/);
    expect(
      (await get(PUBLIC_IP, { authorization: 'Bearer mauvais-jeton-0000000' })).statusCode,
    ).toBe(404);
    // Without a trusted proxy, X-Forwarded-For is the caller's word, not its address.
    expect((await get(PUBLIC_IP, { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(404);
  });

  it('opens to the token from anywhere, and to loopback and private addresses', async () => {
    const withToken = await get(PUBLIC_IP, { authorization: `Bearer ${TOKEN}` });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.body).toContain('http_request_duration_seconds');
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.1.10',
      '::1',
      'fd12::7',
    ]) {
      expect((await get(address)).statusCode, address).toBe(200);
    }
  });

  it('tells private networks from public ones', () => {
    const cases: [string, boolean][] = [
      ['127.0.0.1', true],
      ['::ffff:10.0.0.8', true],
      ['172.15.255.255', false],
      ['172.16.0.1', true],
      ['172.31.255.254', true],
      ['172.32.0.1', false],
      ['192.169.0.1', false],
      ['fc00::1', true],
      ['fe80::1', false],
      ['2001:db8::1', false],
      ['8.8.8.8', false],
      ['nonsense', false],
    ];
    expect(cases.map(([ip]) => [ip, isPrivateAddress(ip)])).toEqual(cases);
  });
});

describe('a second app: its own registry, Redis down, a trusted proxy, slow queries', () => {
  it('counts apart, reports Redis as 0, judges the forwarded chain, logs plan ids', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    // Port 1: nothing listens there, so the link stays down (the app starts anyway).
    const config = testConfig({
      REDIS_URL: 'redis://127.0.0.1:1',
      TRUST_PROXY: 'on',
      LOG_LEVEL: 'warn',
    });
    // A second copy on the same database, as two server processes would run.
    const other = await buildApp(config, { db: t.db, logStream });
    try {
      await sql`SELECT pg_sleep(${0.25})`.execute(other.deps.db);
      const text = await scrape(other);
      expect(sample(text, 'redis_up')).toBe(0);
      expect(sample(text, 'signups_total')).toBeUndefined();
      expect(sample(text, 'db_query_duration_seconds_bucket', { le: '0.2' })).toBeDefined();

      const slow = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'requête SQL lente');
      expect(slow).toMatchObject({ planId: planIdOf('SELECT pg_sleep($1)'), operation: 'select' });
      expect(JSON.stringify(slow)).not.toContain('0.25');

      const via = (socket: string, forwarded?: string) =>
        other.inject({
          method: 'GET',
          url: '/metrics',
          remoteAddress: socket,
          headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
        });
      // Behind the proxy (a private socket), the caller it forwards decides.
      expect((await via('10.0.0.2', PUBLIC_IP)).statusCode).toBe(404);
      expect((await via('10.0.0.2', `127.0.0.1, ${PUBLIC_IP}`)).statusCode).toBe(404);
      expect((await via('10.0.0.2', '10.0.0.9')).statusCode).toBe(200);
      expect((await via('10.0.0.2')).statusCode).toBe(200);
      expect((await via(PUBLIC_IP, '127.0.0.1')).statusCode).toBe(404);
    } finally {
      await other.close();
      removeTestDirs(config.dataDir);
    }
  });

  it('logs a query over 200 ms once at warn by plan id, its text only at debug', () => {
    const warned: unknown[] = [];
    const debugged: unknown[] = [];
    const hook = queryLogHook(
      { queryRan: () => undefined },
      { warn: (o: unknown) => warned.push(o), debug: (o: unknown) => debugged.push(o) },
    );
    const query = CompiledQuery.raw('select * from users where email = $1', ['a@b.bf']);
    const event = (ms: number) => ({ level: 'query' as const, query, queryDurationMillis: ms });
    hook(event(150));
    hook(event(250));
    hook(event(300));
    const planId = planIdOf(query.sql);
    expect(warned).toEqual([
      { planId, operation: 'select', durationMs: 250 },
      { planId, operation: 'select', durationMs: 300 },
    ]);
    expect(debugged).toEqual([{ planId, sql: query.sql }]);
    expect(JSON.stringify([warned, debugged])).not.toContain('a@b.bf');
  });
});
