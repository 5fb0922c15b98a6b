/**
 * What a copy remembers a few seconds (auth/session-cache.ts, profiles/profile-cache.ts) never
 * outlives the change that makes it wrong: a signed-out, reset, deleted or blocked member's
 * token is refused on the very next call, a demoted moderator loses staff rights at once, and
 * the next GET /api/user/profile shows an edit, a like received or coins moved. A change nobody
 * announced (a hand-written UPDATE) is seen within the time to live. The same holds on another
 * copy of the same database, within a notice's round trip through it (Redis or not).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SESSION_CACHE_TTL_MS } from '../src/auth/session-cache.js';
import {
  createMember,
  postJson,
  resetPassword,
  createTestApp,
  createTwoCopies,
  TEST_REDIS_URL,
  type TestApp,
} from './helpers.js';
import { formRequest, pngImage } from './form-request.js';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const getProfile = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(token) });

const post = postJson;

/** The member's profile, asked twice: the second answer comes from what the copy remembers. */
async function warm(app: FastifyInstance, token: string) {
  expect((await getProfile(app, token)).statusCode).toBe(200);
  const res = await getProfile(app, token);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

async function admin(t: TestApp) {
  const a = await createMember(t);
  await t.db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [a.id]);
  return a;
}

/** Staff block or unblock a member through the console's call. */
const sanction = (t: TestApp, staffToken: string, id: number, action: 'block' | 'unblock') =>
  post(t.app, `/admin/members/${id}/${action}`, { reason: 'Signalement vérifié' }, staffToken);

describe('on one copy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  it("refuses a signed-out token on the next call, and keeps the member's other session", async () => {
    const m = await createMember(t);
    const other = await createMember(t, { email: `autre-${m.email}` });
    await warm(t.app, m.token);
    await warm(t.app, other.token);
    expect((await post(t.app, '/logout', {}, m.token)).statusCode).toBe(200);
    const res = await getProfile(t.app, m.token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'unauthenticated', action: 'redirect_login' });
    expect((await getProfile(t.app, other.token)).statusCode).toBe(200);
  });

  it('refuses a member blocked by staff on the next call', async () => {
    const m = await createMember(t);
    const staff = await admin(t);
    await warm(t.app, m.token);
    expect((await sanction(t, staff.token, m.id, 'block')).statusCode).toBe(200);
    const res = await getProfile(t.app, m.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'account_blocked', account_blocked: true });
  });

  it('lets an unblocked member in on the next call', async () => {
    const m = await createMember(t);
    const staff = await admin(t);
    await warm(t.app, m.token);
    expect((await sanction(t, staff.token, m.id, 'block')).statusCode).toBe(200);
    expect((await getProfile(t.app, m.token)).statusCode).toBe(403);
    expect((await getProfile(t.app, m.token)).statusCode).toBe(403);
    expect((await sanction(t, staff.token, m.id, 'unblock')).statusCode).toBe(200);
    expect((await getProfile(t.app, m.token)).statusCode).toBe(200);
  });

  it('refuses the accounts the device rule blocks on the next call', async () => {
    const device = `browser-cache-${Date.now()}`;
    const register = (email: string) =>
      post(t.app, '/register', { email, password: 'Baobab-Sahel-2025', device_hash: device });
    const first = await register(`premier-${device}@test.bf`);
    expect(first.statusCode).toBe(201);
    const { token } = first.json().data as { token: string };
    await warm(t.app, token);
    for (let i = 1; i <= 3; i++) await register(`essai${i}-${device}@test.bf`);
    const res = await getProfile(t.app, token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'account_blocked' });
  });

  it('refuses every session of the member on the next call after a password reset', async () => {
    const m = await createMember(t);
    await warm(t.app, m.token);
    const reset = await resetPassword(t.app, m);
    expect(reset.statusCode).toBe(200);
    expect((await getProfile(t.app, m.token)).statusCode).toBe(401);
  });

  it('takes staff rights away on the next call when an admin changes the role', async () => {
    const moderator = await createMember(t);
    await t.db.query(`UPDATE users SET role = 'moderator' WHERE id = $1`, [moderator.id]);
    const staff = await admin(t);
    const audit = () =>
      t.app.inject({ method: 'GET', url: '/api/admin/members', headers: bearer(moderator.token) });
    expect((await audit()).statusCode).toBe(200);
    expect((await audit()).statusCode).toBe(200);
    const demote = await post(
      t.app,
      `/admin/members/${moderator.id}/role`,
      { role: 'member', reason: 'Fin de la mission' },
      staff.token,
    );
    expect(demote.statusCode).toBe(200);
    expect((await audit()).statusCode).toBe(403);
  });

  it('shows a profile edit, a like received and coins moved on the next GET', async () => {
    const m = await createMember(t, { name: 'Awa', coins: 10 });
    const fan = await createMember(t);
    expect(await warm(t.app, m.token)).toMatchObject({
      name: 'Awa',
      coins: 10,
      stats: { likes_received: 0 },
      social_media: { joined_tiktok: false },
    });

    const edit = await t.app.inject({
      ...(await formRequest('/api/profile/update', { token: m.token, name: 'Awa Sanou' }, [
        'photo',
        await pngImage(),
        'image/png',
      ])),
    });
    expect(edit.statusCode).toBe(200);
    expect((await getProfile(t.app, m.token)).json().data.name).toBe('Awa Sanou');

    const like = await post(t.app, '/swipe', { target_user_id: m.id, action: 'like' }, fan.token);
    expect(like.statusCode).toBe(200);
    expect((await getProfile(t.app, m.token)).json().data.stats).toEqual({ likes_received: 1 });

    expect((await post(t.app, '/social/join', { platform: 'tiktok' }, m.token)).statusCode).toBe(
      200,
    );
    expect((await getProfile(t.app, m.token)).json().data).toMatchObject({
      coins: 60,
      social_media: { joined_tiktok: true },
    });

    const order = { amount: 1000, phone: '70 12 34 56', payment_method: 'orange', otp: '482915' };
    const init = await post(t.app, '/init-bf-payment', order, m.token);
    const paid = await post(t.app, '/check-bf-payment', { token: init.json().token }, m.token);
    expect(paid.json().status).toBe('success');
    expect((await getProfile(t.app, m.token)).json().data.coins).toBeGreaterThan(60);
  });

  it('sees within the time to live a revocation nobody announced', async () => {
    const m = await createMember(t);
    await warm(t.app, m.token);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    await t.db.query(`UPDATE sessions SET revoked_at = now() WHERE user_id = $1`, [m.id]);
    // Remembered: this is the cache at work, not a rule (an announced change is seen at once).
    expect((await getProfile(t.app, m.token)).statusCode).toBe(200);
    vi.advanceTimersByTime(SESSION_CACHE_TTL_MS);
    expect((await getProfile(t.app, m.token)).statusCode).toBe(401);
  });
});

describe('across two copies of one database', () => {
  let drop: () => Promise<void> = async () => undefined;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let t: TestApp;

  beforeAll(async () => {
    const two = await createTwoCopies(TEST_REDIS_URL);
    drop = two.close;
    [a, b] = two.copies;
    await Promise.all([a.ready(), b.ready()]);
    t = two.a;
  });
  afterAll(() => drop());

  /** Well under the time to live: only the notice can explain the change being seen. */
  const NOTICE_WAIT = { timeout: SESSION_CACHE_TTL_MS / 3, interval: 20 };

  it('a sign-out on copy A is refused on copy B, and an edit on A shows on B', async () => {
    const m = await createMember(t, { name: 'Mariam' });
    const other = await createMember(t);
    await warm(b, m.token);
    await warm(b, other.token);

    const edit = await a.inject({
      ...(await formRequest('/api/profile/update', { token: m.token, name: 'Mariam Ouédraogo' }, [
        'photo',
        await pngImage(),
        'image/png',
      ])),
    });
    expect(edit.statusCode).toBe(200);
    await vi.waitFor(async () => {
      expect((await getProfile(b, m.token)).json().data.name).toBe('Mariam Ouédraogo');
    }, NOTICE_WAIT);

    expect((await post(a, '/logout', {}, m.token)).statusCode).toBe(200);
    await vi.waitFor(async () => {
      expect((await getProfile(b, m.token)).statusCode).toBe(401);
    }, NOTICE_WAIT);
    expect((await getProfile(b, other.token)).statusCode).toBe(200);
  });
});
