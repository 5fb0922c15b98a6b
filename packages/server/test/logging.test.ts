/**
 * The request log, read from the pino stream of a real app at level info: each request line
 * carries a request id and the path without its query; passwords, session tokens, e-mail
 * codes, device hashes and media signatures never appear. In production a successful request
 * writes no line at info; a failed (5xx) or slow one always does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import type { Db } from '../src/db/db.js';
import { createMember, freshDb, testConfig } from './helpers.js';
import { startSmtpCatcher, type SmtpCatcher } from './smtp-catcher.js';

interface LogLine {
  level: number;
  msg?: string;
  reqId?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  [key: string]: unknown;
}

const PASSWORD = 'Karite-Secret-58';
const DEVICE = 'browser-appareil-tres-secret';
const SIG = 'signature-du-lien-media-0123456789';
const EMAIL = 'journal.test@exemple.bf';

let app: FastifyInstance;
let drop: () => Promise<void>;
let smtp: SmtpCatcher;
const lines: string[] = [];

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  const fresh = await freshDb();
  drop = fresh.drop;
  app = await buildApp(testConfig({ LOG_LEVEL: 'info', SMTP_URL: smtp.url }), {
    db: fresh.db,
    logStream: { write: (line: string) => void lines.push(line) },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await drop();
  await smtp.close();
});

const parsed = () => lines.map((l) => JSON.parse(l) as LogLine);

describe('request log', () => {
  let token = '';
  let code = '';

  beforeAll(async () => {
    const reg = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: EMAIL, password: PASSWORD, device_hash: DEVICE },
    });
    expect(reg.statusCode).toBe(201);
    token = reg.json().data.token;
    code = (await smtp.waitFor(EMAIL)).code ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const verified = await app.inject({
      method: 'POST',
      url: '/api/verify-otp',
      payload: { email: EMAIL, otp_code: code },
    });
    expect(verified.statusCode).toBe(200);
    await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: EMAIL, password: PASSWORD, device_hash: DEVICE },
    });
    await app.inject({
      method: 'POST',
      url: '/api/verify-auth-status',
      headers: { authorization: `Bearer ${token}` },
      payload: { token },
    });
    await app.inject({
      method: 'GET',
      url: `/api/auth/google?device_hash=${DEVICE}`,
    });
    await app.inject({
      method: 'GET',
      url: `/api/media/chat/photo.webp?exp=1999999999&sig=${SIG}`,
    });
    // A bad password goes through the error handler and its log line too.
    await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: EMAIL, password: `${PASSWORD}-faux`, device_hash: DEVICE },
    });
  });

  it('logs every request with its path and a request id, never its query string', () => {
    const entries = parsed();
    const incoming = entries.filter((e) => e.msg === 'incoming request');
    expect(incoming.map((e) => e.req?.url)).toEqual(
      expect.arrayContaining([
        '/api/register',
        '/api/verify-otp',
        '/api/auth/google',
        '/api/media/chat/photo.webp',
      ]),
    );
    for (const e of incoming) {
      expect(e.req?.url).not.toContain('?');
      expect(e.reqId).toMatch(/^[0-9a-f-]{36}$/);
    }
    // The closing line of a request carries the same id as its opening line.
    const media = incoming.find((e) => e.req?.url === '/api/media/chat/photo.webp');
    const completed = entries.find(
      (e) => e.msg === 'request completed' && e.reqId === media?.reqId,
    );
    expect(completed?.res?.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('never writes a password, token, code, device hash or media signature', () => {
    const text = lines.join('');
    expect(lines.length).toBeGreaterThan(10);
    for (const secret of [PASSWORD, token, DEVICE, SIG, 'sig=', 'exp=', 'device_hash=']) {
      expect(text, secret).not.toContain(secret);
    }
    // Timings and ids are made of digits and hex: look for the code in the rest.
    for (const e of parsed()) {
      const rest = { ...e, time: 0, pid: 0, reqId: '', responseTime: 0 };
      expect(JSON.stringify(rest)).not.toContain(code);
    }
  });

  it('masks secret fields in objects the code logs', () => {
    lines.length = 0;
    app.log.info({ body: { password: PASSWORD, token: 'jeton', device_hash: DEVICE } }, 'essai');
    const [line] = parsed();
    expect(line?.body).toEqual({
      password: '[masqué]',
      token: '[masqué]',
      device_hash: '[masqué]',
    });
  });

  it('never writes whom a member wants to meet, valid or refused', async () => {
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/api/announcements?seeking=homme' });
    await app.inject({ method: 'GET', url: '/api/announcements?seeking=inconnu' });
    for (const seeking of ['femme', 'inconnu']) {
      await app.inject({
        method: 'POST',
        url: '/api/swipe/profiles',
        headers: { authorization: `Bearer ${token}` },
        payload: { seeking },
      });
    }
    const text = lines.join('');
    expect(lines.length).toBeGreaterThan(4);
    for (const word of ['seeking', 'homme', 'femme', 'inconnu', 'rencontrer']) {
      expect(text, word).not.toContain(word);
    }
  });
});

describe('request log in production', () => {
  let prod: FastifyInstance;
  let prodDb: Db;
  let dropProd: () => Promise<void>;
  const prodLines: string[] = [];
  const entries = () => prodLines.map((l) => JSON.parse(l) as LogLine);
  const INFO = 30;
  // Well above what a loaded test machine takes for the light calls below.
  const SLOW_MS = 500;

  beforeAll(async () => {
    const fresh = await freshDb();
    prodDb = fresh.db;
    dropProd = fresh.drop;
    const config = testConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      SLOW_REQUEST_MS: String(SLOW_MS),
    });
    prod = await buildApp(config, {
      db: fresh.db,
      logStream: { write: (line: string) => void prodLines.push(line) },
    });
    prod.get('/api/test/panne', async () => {
      throw new Error('panne imprévue');
    });
    prod.get('/api/test/lent', async () => {
      await new Promise((resolve) => setTimeout(resolve, SLOW_MS + 50));
      return { success: true };
    });
    await prod.ready();
  });
  afterAll(async () => {
    await prod.close();
    await dropProd();
  });

  /** The closing line of GET `url`, which answers `status`: at info or above, path without query. */
  async function closingLineOf(url: string, status: number) {
    prodLines.length = 0;
    expect((await prod.inject({ method: 'GET', url })).statusCode).toBe(status);
    const line = entries().find((e) => e.msg === 'request completed');
    expect(line?.level).toBeGreaterThanOrEqual(INFO);
    expect(line?.req?.url).toBe(url.replace(/\?.*$/, ''));
    expect(line?.res?.statusCode).toBe(status);
    return line;
  }

  it('writes no info line for a successful request, signed in or not', async () => {
    const m = await createMember({ db: prodDb });
    prodLines.length = 0;
    const health = await prod.inject({ method: 'GET', url: '/api/health' });
    const profile = await prod.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: { authorization: `Bearer ${m.token}` },
    });
    expect([health.statusCode, profile.statusCode]).toEqual([200, 200]);
    expect(entries().filter((e) => e.level >= INFO)).toEqual([]);
  });

  it('logs a 500 with its path, status and request id', async () => {
    const line = await closingLineOf('/api/test/panne?secret=1', 500);
    expect(line?.reqId).toMatch(/^[0-9a-f-]{36}$/);
    // The error handler's own line, with the error, carries the same request id.
    const error = entries().find((e) => e.msg === 'unexpected error');
    expect(error?.reqId).toBe(line?.reqId);
  });

  it('logs a slow answer, successful as it is', async () => {
    const line = await closingLineOf('/api/test/lent', 200);
    expect(line?.responseTime).toBeGreaterThanOrEqual(SLOW_MS);
  });
});

describe('realtime events in the request log', () => {
  it("notes each event a request causes, with that request's id and no payload", async () => {
    const debugLines: string[] = [];
    const fresh = await freshDb();
    const debugApp = await buildApp(testConfig({ LOG_LEVEL: 'debug' }), {
      db: fresh.db,
      logStream: { write: (line: string) => void debugLines.push(line) },
    });
    try {
      await debugApp.ready();
      const t = { db: fresh.db };
      const [a, b] = [await createMember(t), await createMember(t)];
      const created = await debugApp.inject({
        method: 'POST',
        url: '/api/chats/create',
        payload: { token: a.token, other_user_id: b.id },
      });
      const chatId: number = created.json().data.chat_id;
      debugLines.length = 0;
      const sent = await debugApp.inject({
        method: 'POST',
        url: '/api/messages/text',
        payload: { token: a.token, chat_id: chatId, content: 'Un secret de discussion' },
      });
      expect(sent.statusCode, sent.body).toBe(201);
      const all = debugLines.map((l) => JSON.parse(l) as LogLine);
      const reqId = all.find((l) => l.req?.url === '/api/messages/text')?.reqId;
      expect(reqId).toBeTruthy();
      const events = all.filter((l) => l.msg === 'realtime event');
      expect(events.map((l) => [l.event, l.reqId])).toEqual([
        ['message.sent', reqId],
        ['notification.received', reqId],
      ]);
      expect(events[0]?.rooms).toEqual([`chat:${chatId}`, `user:${a.id}`, `user:${b.id}`]);
      expect(debugLines.join('\n')).not.toContain('Un secret de discussion');
    } finally {
      await debugApp.close();
      await fresh.drop();
    }
  });
});
