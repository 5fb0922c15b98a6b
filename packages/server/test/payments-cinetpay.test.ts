/**
 * The card flow against a local CinetPay (test/fake-providers/cinetpay.ts): the adapter's
 * answers (success, failure, time-out, malformed), notifications (genuine, forged,
 * concurrent), polling, the return URL, amount checks, expiry and the reconciliation job.
 * Every test ends with the ledger audit.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { COINS_MSG } from '@app/shared';
import { createMember, createTestApp, type TestApp } from './helpers.js';
import { FAKE_CINETPAY, startFakeCinetPay, type FakeCinetPay } from './fake-providers/cinetpay.js';
import {
  balanceOf,
  call,
  expectBooksBalanced,
  newPaymentId,
  notificationsOf,
  orderOf,
  purchaseMovements,
} from './fake-providers/kit.js';
import { createCinetPay } from '../src/adapters/payments/cinetpay.js';
import { paymentDeps } from '../src/modules/payments/payment.deps.js';
import { reconcileDueOrders } from '../src/modules/payments/reconcile.job.js';

// Long enough that a loaded CI machine answers in time, short of the fakes' 3 s "timeout" scenario.
const TIMEOUT_MS = 1_500;
let t: TestApp;
let cp: FakeCinetPay;

beforeAll(async () => {
  cp = await startFakeCinetPay();
  t = await createTestApp({
    CINETPAY_API_KEY: FAKE_CINETPAY.apiKey,
    CINETPAY_SITE_ID: FAKE_CINETPAY.siteId,
    CINETPAY_SECRET_KEY: FAKE_CINETPAY.secretKey,
    CINETPAY_BASE_URL: cp.url,
    PAYMENT_TIMEOUT_MS: String(TIMEOUT_MS),
    PUBLIC_URL: 'https://rencontre.test',
  });
});
afterEach(async () => {
  cp.init = 'normal';
  cp.check = 'normal';
  await expectBooksBalanced(t);
});
afterAll(async () => {
  await t.close();
  await cp.close();
});

type Member = Awaited<ReturnType<typeof createMember>>;

async function startCardPayment(m: Member, amount = 1000) {
  const paymentId = newPaymentId();
  const res = await call(t, '/init-cinet', { payment_id: paymentId, amount }, m.token);
  expect(res.statusCode).toBe(200);
  return { paymentId, paymentUrl: res.json().data.payment_url as string };
}

const notify = (paymentId: string, opts: { forge?: boolean } = {}) => {
  const n = cp.notification(paymentId, opts);
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/cinetpay/notify',
    payload: n.body,
    headers: n.headers,
  });
};

const poll = (m: Member, paymentId: string) =>
  call(t, '/check-cinet-payment', { payment_id: paymentId }, m.token);

describe('CinetPay adapter against its fake server', () => {
  const adapter = () => createCinetPay({ ...FAKE_CINETPAY, baseUrl: cp.url }, TIMEOUT_MS);
  const start = (paymentId: string, amount = 1000) =>
    adapter().start({
      paymentId,
      amount,
      description: 'Rencontre 275 pieces',
      phone: null,
      otp: null,
      customer: { id: 1, email: 'awa@exemple.bf', name: 'Awa Kaboré' },
      notifyUrl: 'https://rencontre.test/api/payments/cinetpay/notify',
      returnUrl: 'https://rencontre.test/api/payments/return',
    });

  it('initialises a payment and reads its status until accepted', async () => {
    const id = newPaymentId();
    const started = await start(id);
    expect(started).toMatchObject({ outcome: 'redirect' });
    expect(started.outcome === 'redirect' && started.paymentUrl).toMatch(/^https:\/\/checkout/);
    expect(await adapter().status({ paymentId: id, reference: null, amount: 1000 })).toMatchObject({
      status: 'pending',
    });
    cp.pay(id);
    expect(await adapter().status({ paymentId: id, reference: null, amount: 1000 })).toMatchObject({
      status: 'success',
      amount: 1000,
      currency: 'XOF',
    });
  });

  it('reports refusals and failed payments', async () => {
    cp.init = 'refuse';
    expect(await start(newPaymentId())).toMatchObject({ outcome: 'refused' });
    cp.init = 'normal';
    const id = newPaymentId();
    await start(id);
    cp.refuse(id);
    expect(await adapter().status({ paymentId: id, reference: null, amount: 1000 })).toMatchObject({
      status: 'failed',
    });
  });

  it('says unknown on a time-out, a malformed body or a server error', async () => {
    for (const scenario of ['timeout', 'malformed', 'server_error'] as const) {
      cp.init = scenario;
      expect(await start(newPaymentId()), scenario).toMatchObject({ outcome: 'unknown' });
      cp.check = scenario;
      expect(
        await adapter().status({ paymentId: newPaymentId(), reference: null, amount: 1000 }),
        scenario,
      ).toMatchObject({
        status: 'unknown',
        amount: null,
      });
    }
  });

  it('verifies the x-token of notifications in constant time, and the site id', () => {
    const id = newPaymentId();
    cp.transactions.set(id, {
      amount: 1000,
      currency: 'XOF',
      status: 'ACCEPTED',
      paidAmount: 1000,
      notifyUrl: '',
    });
    const genuine = cp.notification(id);
    const fields = Object.fromEntries(new URLSearchParams(genuine.body));
    expect(adapter().verifyNotification(fields, genuine.headers['x-token'])).toBe(true);
    expect(
      adapter().verifyNotification(fields, cp.notification(id, { forge: true }).headers['x-token']),
    ).toBe(false);
    expect(adapter().verifyNotification(fields, undefined)).toBe(false);
    expect(adapter().verifyNotification(fields, 'abc')).toBe(false);
    expect(
      adapter().verifyNotification({ ...fields, cpm_amount: '100000' }, genuine.headers['x-token']),
    ).toBe(false);
    expect(
      adapter().verifyNotification({ ...fields, cpm_site_id: '1' }, genuine.headers['x-token']),
    ).toBe(false);
  });
});

describe('card purchase through CinetPay', () => {
  it('writes the order before calling CinetPay, with the transaction id it sends', async () => {
    const m = await createMember(t);
    const { paymentId, paymentUrl } = await startCardPayment(m);
    expect(paymentUrl).toMatch(/^https:\/\/checkout\.cinetpay\.test\//);
    expect(cp.transactions.get(paymentId)).toMatchObject({
      amount: 1000,
      currency: 'XOF',
      notifyUrl: 'https://rencontre.test/api/payments/cinetpay/notify',
    });
    expect(await orderOf(t, paymentId)).toMatchObject({
      status: 'pending',
      provider: 'cinetpay',
      method: 'card',
      amount: 1000,
    });
  });

  it('credits once from a genuine notification, confirmed by the check call', async () => {
    const m = await createMember(t);
    const { paymentId } = await startCardPayment(m);
    const early = await notify(paymentId);
    expect(early.statusCode).toBe(200);
    expect((await orderOf(t, paymentId)).status).toBe('pending');

    cp.pay(paymentId);
    const checksBefore = cp.checkCalls;
    expect((await notify(paymentId)).statusCode).toBe(200);
    expect(cp.checkCalls).toBe(checksBefore + 1);
    expect((await orderOf(t, paymentId)).status).toBe('success');
    expect(await balanceOf(t, m.id)).toBe(275);

    expect((await notify(paymentId)).statusCode).toBe(200);
    expect((await poll(m, paymentId)).json().status).toBe('success');
    expect(await balanceOf(t, m.id)).toBe(275);
    expect(await notificationsOf(t, m.id, 'payment_success')).toHaveLength(1);
    const logged = await t.db.query<{ valid_signature: boolean }>(
      'SELECT valid_signature FROM payment_notifications WHERE payment_id = $1',
      [paymentId],
    );
    expect(logged.map((r) => r.valid_signature)).toEqual([true, true, true]);
  });

  it('refuses and logs a forged notification, and credits nothing', async () => {
    const m = await createMember(t);
    const { paymentId } = await startCardPayment(m);
    cp.pay(paymentId);
    const warn = vi.spyOn(t.app.log, 'warn');
    const checksBefore = cp.checkCalls;
    const forged = await notify(paymentId, { forge: true });
    expect(forged.statusCode).toBe(401);
    expect(cp.checkCalls).toBe(checksBefore);
    expect((await orderOf(t, paymentId)).status).toBe('pending');
    expect(await balanceOf(t, m.id)).toBe(0);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ paymentId }),
      expect.stringContaining('x-token invalide'),
    );
    warn.mockRestore();
    const logged = await t.db.query<{ valid_signature: boolean; order_id: number | null }>(
      'SELECT valid_signature, order_id FROM payment_notifications WHERE payment_id = $1',
      [paymentId],
    );
    expect(logged).toEqual([{ valid_signature: false, order_id: null }]);
    // An unsigned post, and one that is not even a form, are refused the same way.
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/cinetpay/notify',
      payload: `cpm_site_id=${FAKE_CINETPAY.siteId}&cpm_trans_id=${paymentId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(unsigned.statusCode).toBe(401);
    const asJson = await t.app.inject({
      method: 'POST',
      url: '/api/payments/cinetpay/notify',
      payload: { cpm_trans_id: paymentId },
    });
    expect(asJson.statusCode).toBe(401);
    expect(await balanceOf(t, m.id)).toBe(0);
    // The poll still settles it from CinetPay's own answer.
    expect((await poll(m, paymentId)).json().status).toBe('success');
  });

  it("answers CinetPay's GET ping on the notification URL", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/cinetpay/notify' });
    expect(res.statusCode).toBe(200);
  });

  it('credits exactly once when 50 notifications and polls arrive together', async () => {
    const m = await createMember(t);
    const { paymentId } = await startCardPayment(m);
    cp.pay(paymentId);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? notify(paymentId) : poll(m, paymentId))),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 50 }, () => 200));
    expect(await balanceOf(t, m.id)).toBe(275);
    const order = await orderOf(t, paymentId);
    expect(await purchaseMovements(t, m.id)).toEqual([
      { amount: 275, idempotency_key: `purchase:${order.id}`, reason: 'purchase' },
    ]);
    expect(await notificationsOf(t, m.id, 'payment_success')).toHaveLength(1);
  });

  it('never credits from the return URL', async () => {
    const m = await createMember(t);
    const { paymentId } = await startCardPayment(m);
    cp.pay(paymentId);
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/payments/return',
      payload: `transaction_id=${paymentId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/buy-coins?payment_id=${paymentId}`);
    const odd = await t.app.inject({
      method: 'GET',
      url: '/api/payments/return?payment_id=//evil',
    });
    expect(odd.headers.location).toBe('/buy-coins');
    expect((await orderOf(t, paymentId)).status).toBe('pending');
    expect(await balanceOf(t, m.id)).toBe(0);
    await poll(m, paymentId);
  });

  it('fails a refused payment and credits nothing', async () => {
    const m = await createMember(t);
    const { paymentId } = await startCardPayment(m, 500);
    cp.refuse(paymentId);
    expect((await poll(m, paymentId)).json().status).toBe('failed');
    expect((await notify(paymentId)).statusCode).toBe(200);
    expect(await balanceOf(t, m.id)).toBe(0);
    expect((await notificationsOf(t, m.id, 'payment_failed')).map((n) => n.data)).toEqual([
      { amount: 500 },
    ]);
  });

  it('keeps the order pending while CinetPay times out or answers nonsense', async () => {
    const m = await createMember(t);
    const { paymentId } = await startCardPayment(m);
    cp.pay(paymentId);
    for (const scenario of ['timeout', 'malformed', 'server_error'] as const) {
      cp.check = scenario;
      const started = Date.now();
      const res = await poll(m, paymentId);
      expect(res.json().status, scenario).toBe('pending');
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1_500);
    }
    expect(await balanceOf(t, m.id)).toBe(0);
    cp.check = 'normal';
    expect((await poll(m, paymentId)).json().status).toBe('success');
    expect(await balanceOf(t, m.id)).toBe(275);
  });

  it('credits nothing when CinetPay confirms another amount than the order', async () => {
    const m = await createMember(t);
    const { paymentId } = await startCardPayment(m, 10000);
    cp.pay(paymentId, 100);
    expect((await poll(m, paymentId)).json().status).toBe('failed');
    expect((await orderOf(t, paymentId)).failure_reason).toBe('amount_mismatch');
    expect(await balanceOf(t, m.id)).toBe(0);
  });

  it("closes the order and answers the spec's error when CinetPay refuses or fails to start", async () => {
    const m = await createMember(t);
    for (const scenario of ['refuse', 'timeout', 'malformed'] as const) {
      cp.init = scenario;
      const paymentId = newPaymentId();
      const res = await call(t, '/init-cinet', { payment_id: paymentId, amount: 1000 }, m.token);
      expect(res.statusCode, scenario).toBe(502);
      expect(res.json().message).toBe(COINS_MSG.initFailed);
      expect((await orderOf(t, paymentId)).status).toBe('failed');
    }
    expect(await balanceOf(t, m.id)).toBe(0);
  });
});

describe('reconciliation against CinetPay', () => {
  const due = (paymentId: string, createdAgo = '0 minutes') =>
    t.db.query(
      `UPDATE payment_orders SET next_check_at = now() - interval '1 second',
          created_at = now() - $2::interval WHERE payment_id = $1`,
      [paymentId, createdAgo],
    );

  it('credits a paid order whose notification never came', async () => {
    const m = await createMember(t);
    const { paymentId } = await startCardPayment(m);
    cp.pay(paymentId);
    await due(paymentId);
    expect(await reconcileDueOrders(paymentDeps(t.app.deps))).toBeGreaterThanOrEqual(1);
    expect((await orderOf(t, paymentId)).status).toBe('success');
    expect(await balanceOf(t, m.id)).toBe(275);
  });

  it('leaves a recent unpaid order pending, and expires an old one', async () => {
    const m = await createMember(t);
    const recent = await startCardPayment(m);
    const old = await startCardPayment(m);
    await due(recent.paymentId, '10 minutes');
    await due(old.paymentId, '3 hours');
    await reconcileDueOrders(paymentDeps(t.app.deps));
    expect((await orderOf(t, recent.paymentId)).status).toBe('pending');
    expect(await orderOf(t, old.paymentId)).toMatchObject({
      status: 'failed',
      failure_reason: 'expired',
    });
    // Paying after expiry credits nothing (the order is closed for good) but alerts support.
    cp.pay(old.paymentId);
    const error = vi.spyOn(t.app.log, 'error');
    expect((await notify(old.paymentId)).statusCode).toBe(200);
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ userId: m.id }),
      expect.stringContaining('à régulariser'),
    );
    error.mockRestore();
    expect(await balanceOf(t, m.id)).toBe(0);
    cp.refuse(recent.paymentId);
    await poll(m, recent.paymentId);
  });

  it('does not expire an order while CinetPay cannot be reached', async () => {
    const m = await createMember(t);
    const { paymentId } = await startCardPayment(m);
    await due(paymentId, '3 hours');
    cp.check = 'timeout';
    await reconcileDueOrders(paymentDeps(t.app.deps));
    expect((await orderOf(t, paymentId)).status).toBe('pending');
    cp.check = 'normal';
    cp.pay(paymentId);
    expect((await poll(m, paymentId)).json().status).toBe('success');
    expect(await balanceOf(t, m.id)).toBe(275);
  });
});
