/**
 * Buying coins through the API with the simulator (the default outside production), the
 * purchase history, the region, the social rewards, the reconciliation job and the config
 * rules. Every test ends with the ledger audit.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COINS_MSG, SOCIAL_REWARD_COINS } from '@app/shared';
import { ConfigError, loadConfig } from '../src/config/index.js';
import { createMember, createTestApp, type TestApp } from './helpers.js';
import {
  balanceOf,
  call,
  expectBooksBalanced,
  newPaymentId,
  notificationsOf,
  orderOf,
  purchaseMovements,
} from './fake-providers/kit.js';
import { paymentDeps } from '../src/modules/payments/payment.deps.js';
import { paymentRegion } from '../src/modules/payments/payment.service.js';
import {
  reconcileDueOrders,
  startPaymentReconciliation,
} from '../src/modules/payments/reconcile.job.js';
import type { GeoLocation, GeoLocator } from '../src/adapters/geoip/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => expectBooksBalanced(t));
afterAll(() => t.close());

const orange = (extra: object = {}) => ({
  amount: 1000,
  phone: '70 12 34 56',
  payment_method: 'orange',
  otp: '482915',
  ...extra,
});

describe('mobile money with the simulator', () => {
  it('buys the 250-coin pack with Orange Money: pending first, then 275 pièces once', async () => {
    const m = await createMember(t);
    const init = await call(t, '/init-bf-payment', orange(), m.token);
    expect(init.statusCode).toBe(200);
    const token: string = init.json().token;
    expect(init.json().data).toEqual({ token, status: 'pending' });

    const order = await orderOf(t, token);
    expect(order).toMatchObject({
      status: 'pending',
      amount: 1000,
      coins: 250,
      bonus: 25,
      provider: 'simulator',
      method: 'orange',
      phone: '70123456',
    });
    expect(await balanceOf(t, m.id)).toBe(0);

    const check = await call(t, '/check-bf-payment', { token }, m.token);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({
      success: true,
      status: 'success',
      // The new balance, bonus included, for the success screen to say.
      data: { status: 'success', amount: 1000, coins: 250, bonus: 25, balance: 275 },
    });
    expect(await balanceOf(t, m.id)).toBe(275);

    const again = await call(t, '/check-bf-payment', { token }, m.token);
    expect(again.json().status).toBe('success');
    expect(await balanceOf(t, m.id)).toBe(275);
    expect(await purchaseMovements(t, m.id)).toEqual([
      { amount: 275, idempotency_key: `purchase:${order.id}`, reason: 'purchase' },
    ]);
    const notes = await notificationsOf(t, m.id, 'payment_success');
    expect(notes.map((n) => n.data)).toEqual([{ coins_received: 275, amount: 1000 }]);
  });

  it('fails a Moov payment from a number ending in 0 and credits nothing', async () => {
    const m = await createMember(t);
    const init = await call(
      t,
      '/init-bf-payment',
      { amount: 500, phone: '+226 70 00 00 10', payment_method: 'moov' },
      m.token,
    );
    expect(init.statusCode).toBe(200);
    const check = await call(t, '/check-bf-payment', { token: init.json().token }, m.token);
    expect(check.json().status).toBe('failed');
    expect(await balanceOf(t, m.id)).toBe(0);
    expect((await notificationsOf(t, m.id, 'payment_failed')).map((n) => n.data)).toEqual([
      { amount: 500 },
    ]);
  });

  it("answers 403 with the spec's message when the operator refuses (number ending in 9)", async () => {
    const m = await createMember(t);
    const refusedOrange = await call(t, '/init-bf-payment', orange({ phone: '70123459' }), m.token);
    expect(refusedOrange.statusCode).toBe(403);
    expect(refusedOrange.json().message).toBe('OTP invalide ou paiement expiré');
    const refusedMoov = await call(
      t,
      '/init-bf-payment',
      { amount: 300, phone: '60123459', payment_method: 'moov' },
      m.token,
    );
    expect(refusedMoov.statusCode).toBe(403);
    expect(refusedMoov.json().message).toBe('Paiement échoué, veuillez réessayer');
    const wrongOtp = await call(t, '/init-bf-payment', orange({ otp: '000000' }), m.token);
    expect(wrongOtp.statusCode).toBe(403);
    const rows = await t.db.query<{ status: string }>(
      'SELECT status FROM payment_orders WHERE user_id = $1',
      [m.id],
    );
    expect(rows.map((r) => r.status)).toEqual(['failed', 'failed', 'failed']);
    expect(await balanceOf(t, m.id)).toBe(0);
  });

  it('validates the pack, the Burkina number and the Orange OTP before anything is ordered', async () => {
    const m = await createMember(t);
    const cases: [object, string, string][] = [
      [orange({ amount: 999 }), 'amount', COINS_MSG.amountInvalid],
      [orange({ amount: 1000, pack_id: 2 }), 'amount', COINS_MSG.packMismatch],
      [orange({ phone: '7012345' }), 'phone', COINS_MSG.phoneInvalid],
      [orange({ phone: '+225 70 12 34 56' }), 'phone', COINS_MSG.phoneInvalid],
      [orange({ otp: '12a456' }), 'otp', COINS_MSG.otpInvalid],
      [orange({ otp: '12345' }), 'otp', COINS_MSG.otpInvalid],
      [orange({ otp: undefined }), 'otp', COINS_MSG.otpInvalid],
      [orange({ payment_method: 'wave' }), 'payment_method', COINS_MSG.methodInvalid],
    ];
    for (const [body, field, message] of cases) {
      const res = await call(t, '/init-bf-payment', body, m.token);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[field]).toContain(message);
    }
    const rows = await t.db.query('SELECT 1 FROM payment_orders WHERE user_id = $1', [m.id]);
    expect(rows).toHaveLength(0);
  });

  it('hands any six-digit Orange code to the operator, 123456 included (the hint says 6 chiffres)', async () => {
    const m = await createMember(t);
    const res = await call(t, '/init-bf-payment', orange({ otp: '123456' }), m.token);
    expect(res.statusCode).toBe(200);
    expect(await orderOf(t, res.json().token)).toMatchObject({
      status: 'pending',
      method: 'orange',
    });
  });

  it('keeps each member to their own payments and asks for a session', async () => {
    const [a, b] = [await createMember(t), await createMember(t)];
    const token: string = (await call(t, '/init-bf-payment', orange(), a.token)).json().token;
    expect((await call(t, '/check-bf-payment', { token }, b.token)).statusCode).toBe(404);
    expect(
      (await call(t, '/check-bf-payment', { token: 'OMUNKNOWN000' }, a.token)).statusCode,
    ).toBe(404);
    // The body's token is the payment's: without a bearer header there is no session.
    expect((await call(t, '/check-bf-payment', { token })).statusCode).toBe(401);
    expect((await call(t, '/init-bf-payment', orange())).statusCode).toBe(401);
    expect((await call(t, '/check-bf-payment', {}, a.token)).statusCode).toBe(400);
    expect(await balanceOf(t, b.id)).toBe(0);
  });
});

describe('card with the simulator', () => {
  it('sends the browser to a payment page, never credits on return, credits on the check', async () => {
    const m = await createMember(t);
    const paymentId = newPaymentId(1);
    const init = await call(t, '/init-cinet', { payment_id: paymentId, amount: 1000 }, m.token);
    expect(init.statusCode).toBe(200);
    const url = new URL(init.json().data.payment_url, 'http://localhost');
    expect(init.json().data).toMatchObject({ payment_id: paymentId, status: 'pending' });
    expect(url.pathname).toBe('/api/payments/return');

    const back = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/buy-coins?payment_id=${paymentId}`);
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/payments/return',
      payload: `transaction_id=${paymentId}&token=abc`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(posted.headers.location).toBe(`/buy-coins?payment_id=${paymentId}`);
    expect(await balanceOf(t, m.id)).toBe(0);

    const check = await call(t, '/check-cinet-payment', { payment_id: paymentId }, m.token);
    expect(check.json()).toMatchObject({ status: 'success', data: { coins: 250, bonus: 25 } });
    expect(await balanceOf(t, m.id)).toBe(275);
  });

  it('fails a card payment whose id ends in 0', async () => {
    const m = await createMember(t);
    const paymentId = newPaymentId(0);
    await call(t, '/init-cinet', { payment_id: paymentId, amount: 300 }, m.token);
    const check = await call(t, '/check-cinet-payment', { payment_id: paymentId }, m.token);
    expect(check.json().status).toBe('failed');
    expect(await balanceOf(t, m.id)).toBe(0);
  });

  it('gives the same page to a retried payment id and refuses one taken by someone else', async () => {
    const [a, b] = [await createMember(t), await createMember(t)];
    const paymentId = newPaymentId();
    const first = await call(t, '/init-cinet', { payment_id: paymentId, amount: 2000 }, a.token);
    const retry = await call(t, '/init-cinet', { payment_id: paymentId, amount: 2000 }, a.token);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.payment_url).toBe(first.json().data.payment_url);
    const other = await call(t, '/init-cinet', { payment_id: paymentId, amount: 2000 }, b.token);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(COINS_MSG.paymentIdTaken);
    const rows = await t.db.query('SELECT 1 FROM payment_orders WHERE payment_id = $1', [
      paymentId,
    ]);
    expect(rows).toHaveLength(1);
    expect(
      (await call(t, '/check-cinet-payment', { payment_id: paymentId }, b.token)).statusCode,
    ).toBe(404);
  });

  it('refuses an amount that is not a pack price and a malformed payment id', async () => {
    const m = await createMember(t);
    const bad = await call(t, '/init-cinet', { payment_id: newPaymentId(), amount: 1500 }, m.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(COINS_MSG.amountInvalid);
    const badId = await call(t, '/init-cinet', { payment_id: '12ab', amount: 1000 }, m.token);
    expect(badId.statusCode).toBe(400);
    expect(
      (await call(t, '/init-cinet', { payment_id: newPaymentId(), amount: 1000 })).statusCode,
    ).toBe(401);
  });
});

describe('purchase history', () => {
  it("lists the caller's orders newest first, paginated, with the spec's fields only", async () => {
    const [m, other] = [await createMember(t), await createMember(t)];
    await call(t, '/init-cinet', { payment_id: newPaymentId(), amount: 300 }, other.token);
    const ids: string[] = [];
    for (const amount of [300, 500, 1000]) {
      const paymentId = newPaymentId();
      ids.push(paymentId);
      await call(t, '/init-cinet', { payment_id: paymentId, amount }, m.token);
    }
    await call(t, '/check-cinet-payment', { payment_id: ids[2] }, m.token);

    const page1 = await call(t, '/my-payments', { page: 1, per_page: 2 }, m.token);
    expect(page1.statusCode).toBe(200);
    const body = page1.json();
    expect(body.pagination).toEqual({ page: 1, per_page: 2, has_more: true });
    expect(body.data.map((p: { amount: number }) => p.amount)).toEqual([1000, 500]);
    expect(body.data[0]).toEqual({
      id: expect.any(Number),
      status: 'success',
      amount: 1000,
      coins: 275,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(body.data[1]).toMatchObject({ status: 'pending', coins: 100 });
    const page2 = (await call(t, '/my-payments', { page: 2, per_page: 2 }, m.token)).json();
    expect(page2.data.map((p: { amount: number }) => p.amount)).toEqual([300]);
    expect(page2.pagination.has_more).toBe(false);
    expect((await call(t, '/my-payments', {})).statusCode).toBe(401);
    expect((await call(t, '/my-payments', { page: 0 }, m.token)).statusCode).toBe(400);
  });
});

describe('region', () => {
  const geo = (answer: Partial<GeoLocation> | Error): GeoLocator => ({
    async locate() {
      if (answer instanceof Error) throw answer;
      return { locality: null, city: null, country: null, country_code: null, ...answer };
    },
  });

  it('offers mobile money in Burkina Faso and the card elsewhere or when the lookup fails', async () => {
    const ctx = paymentDeps(t.app.deps);
    expect(
      await paymentRegion({ ...ctx, geoLocator: geo({ country_code: 'BF' }) }, '41.138.96.1'),
    ).toEqual({
      region: 'burkina',
      country_code: 'BF',
    });
    expect(
      await paymentRegion({ ...ctx, geoLocator: geo({ country_code: 'CI' }) }, '41.202.1.1'),
    ).toMatchObject({
      region: 'international',
    });
    expect(
      await paymentRegion({ ...ctx, geoLocator: geo(new Error('down')) }, '41.202.1.1'),
    ).toEqual({
      region: 'international',
      country_code: null,
    });
    expect(await paymentRegion({ ...ctx, geoLocator: geo({}) }, '8.8.8.8')).toMatchObject({
      region: 'international',
    });
    // A private address is the local country outside production (a laptop, the e2e run).
    expect(await paymentRegion({ ...ctx, geoLocator: geo({}) }, '127.0.0.1')).toMatchObject({
      region: 'burkina',
    });
    expect(
      await paymentRegion(
        {
          ...ctx,
          geoLocator: geo({}),
          config: { ...ctx.config, payments: { ...ctx.config.payments, localCountry: null } },
        },
        '127.0.0.1',
      ),
    ).toMatchObject({ region: 'international' });
  });

  it('answers GET /payments/region to a member', async () => {
    const m = await createMember(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/payments/region',
      headers: { authorization: `Bearer ${m.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ region: 'burkina', country_code: 'BF' });
    expect((await t.app.inject({ method: 'GET', url: '/api/payments/region' })).statusCode).toBe(
      401,
    );
  });
});

describe('reconciliation job', () => {
  it('settles a pending order nobody polled, once, even when two runs race', async () => {
    const m = await createMember(t);
    const token: string = (await call(t, '/init-bf-payment', orange(), m.token)).json().token;
    await t.db.query(
      `UPDATE payment_orders SET next_check_at = now() - interval '1 minute' WHERE payment_id = $1`,
      [token],
    );
    const runs = await Promise.all([
      reconcileDueOrders(paymentDeps(t.app.deps)),
      reconcileDueOrders(paymentDeps(t.app.deps)),
    ]);
    expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect((await orderOf(t, token)).status).toBe('success');
    expect(await balanceOf(t, m.id)).toBe(275);
    expect(await reconcileDueOrders(paymentDeps(t.app.deps))).toBe(0);
    expect(await purchaseMovements(t, m.id)).toHaveLength(1);
  });

  it('runs by itself every PAYMENT_RECONCILE_INTERVAL_S and stops with the app', async () => {
    const m = await createMember(t);
    const token: string = (await call(t, '/init-bf-payment', orange(), m.token)).json().token;
    await t.db.query(
      `UPDATE payment_orders SET next_check_at = now() - interval '1 minute' WHERE payment_id = $1`,
      [token],
    );
    const payments = t.app.deps.config.payments;
    payments.reconcileIntervalS = 1;
    const stop = startPaymentReconciliation(t.app.deps);
    payments.reconcileIntervalS = 0;
    try {
      await expect
        .poll(async () => (await orderOf(t, token)).status, { timeout: 5_000, interval: 200 })
        .toBe('success');
    } finally {
      await stop();
    }
    expect(await balanceOf(t, m.id)).toBe(275);
  });

  it('leaves orders not yet due alone', async () => {
    const m = await createMember(t);
    const token: string = (await call(t, '/init-bf-payment', orange(), m.token)).json().token;
    await reconcileDueOrders(paymentDeps(t.app.deps));
    expect((await orderOf(t, token)).status).toBe('pending');
    await call(t, '/check-bf-payment', { token }, m.token);
  });
});

describe('order rows', () => {
  it('never leave a final status and never change what was sold', async () => {
    const m = await createMember(t);
    const token: string = (await call(t, '/init-bf-payment', orange(), m.token)).json().token;
    await expect(
      t.db.query(`UPDATE payment_orders SET coins = 5000 WHERE payment_id = $1`, [token]),
    ).rejects.toThrow(/cannot change/);
    await call(t, '/check-bf-payment', { token }, m.token);
    await expect(
      t.db.query(`UPDATE payment_orders SET status = 'pending' WHERE payment_id = $1`, [token]),
    ).rejects.toThrow(/already success/);
  });
});

describe('social networks', () => {
  it('pays 50 pièces once per network, with the link and a notification', async () => {
    const m = await createMember(t);
    const res = await call(t, '/social/join', { platform: 'facebook' }, m.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Vous avez gagné 50 pièces en rejoignant Facebook !',
      data: {
        platform: 'facebook',
        coins_earned: SOCIAL_REWARD_COINS,
        new_balance: 50,
        link: 'https://www.facebook.com/',
      },
    });
    const twice = await call(t, '/social/join', { platform: 'facebook' }, m.token);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(COINS_MSG.socialAlreadyJoined);
    expect(await balanceOf(t, m.id)).toBe(50);
    const tiktok = await call(t, '/social/join', { platform: 'tiktok' }, m.token);
    expect(tiktok.json().data.new_balance).toBe(100);

    const profile = (await call(t, '/profile', {}, m.token)).json().data;
    expect(profile.social_media).toEqual({
      joined_facebook: true,
      joined_tiktok: true,
      joined_youtube: false,
    });
    expect((await notificationsOf(t, m.id, 'social_reward')).map((n) => n.data)).toEqual([
      { coins_earned: 50, network: 'Facebook' },
      { coins_earned: 50, network: 'TikTok' },
    ]);
  });

  it('credits one reward when the same join races', async () => {
    const m = await createMember(t);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call(t, '/social/join', { platform: 'youtube' }, m.token)),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(5);
    expect(await balanceOf(t, m.id)).toBe(50);
  });

  it('refuses an unknown network and a missing session', async () => {
    const m = await createMember(t);
    expect((await call(t, '/social/join', { platform: 'myspace' }, m.token)).statusCode).toBe(400);
    expect((await call(t, '/social/join', { platform: 'facebook' })).statusCode).toBe(401);
  });
});

describe('configuration', () => {
  const base = { NODE_ENV: 'production', DATA_DIR: '/tmp/x' };

  it('uses the simulator outside production and nothing in production without credentials', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).payments).toMatchObject({
      card: { kind: 'simulator' },
      orange: { kind: 'simulator' },
      moov: { kind: 'simulator' },
      localCountry: 'BF',
      reconcileIntervalS: 60,
    });
    expect(loadConfig({ NODE_ENV: 'test' }).payments.reconcileIntervalS).toBe(0);
    expect(loadConfig(base).payments).toMatchObject({
      card: null,
      orange: null,
      moov: null,
      localCountry: null,
    });
  });

  it('refuses the simulator in production and a named provider without its keys', () => {
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDER_ORANGE: 'simulator' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDER_CARD: 'cinetpay' })).toThrow(
      /CINETPAY_API_KEY/,
    );
    const real = loadConfig({
      ...base,
      CINETPAY_API_KEY: 'k',
      CINETPAY_SITE_ID: '1',
      CINETPAY_SECRET_KEY: 's',
    });
    expect(real.payments.card).toMatchObject({ kind: 'cinetpay', siteId: '1' });
  });
});

describe('in production without a configured provider', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({ NODE_ENV: 'production', LOG_LEVEL: 'silent' });
  });
  afterAll(() => prod.close());

  it('answers 503 with a clear French message and orders nothing', async () => {
    const m = await createMember(prod);
    const card = await call(
      prod,
      '/init-cinet',
      { payment_id: newPaymentId(), amount: 1000 },
      m.token,
    );
    expect(card.statusCode).toBe(503);
    expect(card.json().message).toBe(COINS_MSG.providerUnavailable);
    const mobile = await call(prod, '/init-bf-payment', orange(), m.token);
    expect(mobile.statusCode).toBe(503);
    expect(await prod.db.query('SELECT 1 FROM payment_orders')).toHaveLength(0);
    await expectBooksBalanced(prod);
  });
});
