/**
 * Faults that need no private service: a Redis that never answers (REDIS_URL on a closed port)
 * and a mail relay that is down. The server starts, answers in normal time, keeps its limits in
 * memory, and a sign-up is saved even when its code cannot be mailed. The chaos test covers
 * services that stop and come back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@app/shared';
import { createRateLimiter } from '../src/http/rate-limit.js';
import { createRedisLink } from '../src/adapters/redis/redis-link.js';
import { freePort } from '../../../e2e/support/server-process.js';
import { createTestApp, silentLog, type TestApp } from './helpers.js';

describe('with REDIS_URL set and Redis unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    const port = await freePort();
    t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${port}` });
  }, 120_000);
  afterAll(() => t.close());

  it('reports redis down at once, with the database ok', async () => {
    const started = Date.now();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { db: 'ok', redis: 'down' } });
  });

  it('signs up and signs in in normal time, limits counted in memory', async () => {
    const email = `panne.redis.${Date.now()}@exemple.bf`;
    const password = 'Baobab-Sahel-2025';
    const started = Date.now();
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email, password },
    });
    expect(signup.statusCode).toBe(201);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password },
    });
    expect(login.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('still refuses past a limit while Redis is away', async () => {
    const port = await freePort();
    const link = createRedisLink(`redis://127.0.0.1:${port}`, silentLog);
    const limiter = createRateLimiter(link, 'panne:');
    const limit = { key: 'essai', max: 2, windowS: 60 };
    await limiter.hit(limit);
    await limiter.hit(limit);
    await expect(limiter.hit(limit)).rejects.toMatchObject({
      status: 429,
      message: MSG.rateLimited,
    });
    await link.close();
  });
});

describe('with the mail relay down', () => {
  let t: TestApp;
  beforeAll(async () => {
    const port = await freePort();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  });
  afterAll(() => t.close());

  it('saves the sign-up, answers 201 saying the code was lost, and queues its mail', async () => {
    const email = `panne.mail.${Date.now()}@exemple.bf`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email, password: 'Baobab-Sahel-2025' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().mail_sent).toBe(false);
    const rows = await t.db.query('SELECT id FROM users WHERE email = $1', [email]);
    expect(rows).toHaveLength(1);
    // The code nobody received is forgotten (no cooldown), and its mail waits in the queue.
    const codes = await t.db.query(
      `SELECT c.id FROM email_codes c JOIN users u ON u.id = c.user_id WHERE u.email = $1`,
      [email],
    );
    expect(codes).toHaveLength(0);
    const queued = await t.db.query(
      `SELECT r.purpose FROM code_mail_retries r JOIN users u ON u.id = r.user_id WHERE u.email = $1`,
      [email],
    );
    expect(queued).toEqual([{ purpose: 'verify' }]);
  });
});
