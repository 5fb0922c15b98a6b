/**
 * README rules that no other test guarded (each was broken on purpose and every test still
 * passed): chat media links expire; the device rule counts refused sign-ups within 30 days
 * only; a card payment confirmed in another currency than XOF credits nothing; the 601st
 * sign-in from one address within 15 minutes is refused (also without Redis).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@app/shared';
import { createMember, createTestApp, type TestApp } from './helpers.js';
import { formRequest, pngImage } from './form-request.js';
import { FAKE_CINETPAY, startFakeCinetPay, type FakeCinetPay } from './fake-providers/cinetpay.js';
import {
  balanceOf,
  call,
  expectBooksBalanced,
  newPaymentId,
  orderOf,
  purchaseMovements,
} from './fake-providers/kit.js';
import { signMediaUrl } from '../src/modules/chats/media.js';
import { loginAddressLimit } from '../src/modules/auth/auth.limits.js';

let t: TestApp;
let cp: FakeCinetPay;
beforeAll(async () => {
  cp = await startFakeCinetPay();
  t = await createTestApp({
    CINETPAY_API_KEY: FAKE_CINETPAY.apiKey,
    CINETPAY_SITE_ID: FAKE_CINETPAY.siteId,
    CINETPAY_SECRET_KEY: FAKE_CINETPAY.secretKey,
    CINETPAY_BASE_URL: cp.url,
    PUBLIC_URL: 'https://rencontre.test',
  });
});
afterAll(async () => {
  await t.close();
  await cp.close();
});

const DAY_MS = 24 * 3600 * 1000;

describe('signed chat media links', () => {
  it('serves a photo through a fresh link and refuses the link handed out two days ago', async () => {
    const [a, b] = [await createMember(t), await createMember(t)];
    const chat = await call(t, '/chats/create', { other_user_id: b.id }, a.token);
    const chatId = Number(chat.json().data.chat_id);
    await t.db.query(`UPDATE chats SET origin = 'match' WHERE id = $1`, [chatId]);
    const sent = await t.app.inject(
      await formRequest('/api/messages/image', { token: a.token, chat_id: String(chatId) }, [
        'image',
        await pngImage(),
        'image/png',
      ]),
    );
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    const fresh: string = sent.json().data.file_url;
    expect((await t.app.inject({ method: 'GET', url: fresh })).statusCode).toBe(200);

    // The very link the server signed two days ago for the same file: correctly signed, expired.
    const key = decodeURIComponent(new URL(fresh, 'http://x').pathname.replace('/api/media/', ''));
    const old = signMediaUrl(t.app.deps, key, Date.now() - 2 * DAY_MS);
    const stale = await t.app.inject({ method: 'GET', url: old });
    expect(stale.statusCode).toBe(404);
    expect(stale.json()).toEqual({ success: false, message: 'Fichier introuvable' });
    expect(stale.headers['cache-control']).toBe('no-store');
  });
});

describe('one account per device: refusals count within 30 days', () => {
  const PASSWORD = 'Savane-Lune-42';
  let n = 0;
  const register = (device: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: `10.77.0.${++n}`,
      payload: {
        email: `appareil.${n}.${Date.now()}@exemple.bf`,
        password: PASSWORD,
        device_hash: device,
      },
    });
  const blockedOn = async (device: string) =>
    (
      await t.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM users WHERE device_hash = $1 AND blocked_at IS NOT NULL',
        [device],
      )
    )[0]?.n;
  const refusedDaysAgo = (device: string, days: number, count: number) =>
    t.db.query(
      `INSERT INTO device_signup_refusals (device_hash, email, created_at)
       SELECT $1, 'ancien@exemple.bf', now() - make_interval(days => $2) FROM generate_series(1, $3)`,
      [device, days, count],
    );

  it('forgets refusals older than 30 days: a new attempt is refused, not blocked', async () => {
    const device = `appareil-ancien-${Date.now()}`;
    expect((await register(device)).statusCode).toBe(201);
    await refusedDaysAgo(device, 31, 5);
    const res = await register(device);
    expect(res.statusCode).toBe(403);
    expect(res.json().action).toBe('device_already_registered');
    expect(await blockedOn(device)).toBe(0);
  });

  it("counts refusals within 30 days: the third one blocks the device's account", async () => {
    const device = `appareil-recent-${Date.now()}`;
    expect((await register(device)).statusCode).toBe(201);
    await refusedDaysAgo(device, 29, 2);
    const res = await register(device);
    expect(res.statusCode).toBe(403);
    expect(res.json().action).toBe('account_blocked_multiple_creation');
    expect(await blockedOn(device)).toBe(1);
  });
});

describe('a card payment is credited only in XOF', () => {
  it('credits nothing when CinetPay confirms the right amount in another currency', async () => {
    const m = await createMember(t);
    for (const via of ['poll', 'notification'] as const) {
      const paymentId = newPaymentId();
      const init = await call(t, '/init-cinet', { payment_id: paymentId, amount: 1000 }, m.token);
      expect(init.statusCode, init.body).toBe(200);
      cp.pay(paymentId);
      const tx = cp.transactions.get(paymentId);
      if (!tx) throw new Error('the fake CinetPay lost the transaction');
      tx.currency = 'EUR';
      if (via === 'poll') {
        await call(t, '/check-cinet-payment', { payment_id: paymentId }, m.token);
      } else {
        const n = cp.notification(paymentId);
        await t.app.inject({
          method: 'POST',
          url: '/api/payments/cinetpay/notify',
          payload: n.body,
          headers: n.headers,
        });
      }
      expect(await orderOf(t, paymentId), via).toMatchObject({
        status: 'failed',
        failure_reason: 'amount_mismatch',
      });
    }
    expect(await balanceOf(t, m.id)).toBe(0);
    expect(await purchaseMovements(t, m.id)).toEqual([]);
    await expectBooksBalanced(t);
  });
});

describe('sign-ins from one address', () => {
  it('refuses the 601st within 15 minutes whatever its password, and no other address', async () => {
    // 600 real argon2 checks would take minutes: the address's counter is brought near its
    // ceiling through the app's own limiter, then the last tries go through the API.
    const flooded = '198.51.100.77';
    for (let i = 0; i < 599; i++) await t.app.deps.limiter.hit(loginAddressLimit(flooded));
    const signIn = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress,
        payload: { email: 'inconnu@exemple.bf', password: 'Savane-Lune-42', device_hash: 'x' },
      });
    expect((await signIn(flooded)).statusCode).toBe(401);
    const refused = await signIn(flooded);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, message: MSG.rateLimited });
    expect((await signIn('198.51.100.78')).statusCode).toBe(401);
  });
});
