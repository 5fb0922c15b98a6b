/**
 * Which provider answer confirms a mobile-money payment (README "Payments", the adapters'
 * headers), against the local operators of test/fake-providers: Orange Money's own payment
 * answer (OMPREQ 200 + transID) credits without any enquiry; an answer we could not read falls
 * back to the enquiry (under either id field); a refusal credits nothing; an order unsettled
 * 15 minutes on is raised in the console's payments queue with the provider's last answer.
 * Moov Money credits only on a status answer "0" that states the amount.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COINS_MSG } from '@app/shared';
import { createMember, createTestApp, type TestApp } from './helpers.js';
import { FAKE_ORANGE, startFakeOrange, type FakeOrange } from './fake-providers/orange-bf.js';
import { FAKE_MOOV, startFakeMoov, type FakeMoov } from './fake-providers/moov-bf.js';
import {
  balanceOf,
  call,
  expectBooksBalanced,
  mobileMoneyEnv,
  notificationsOf,
  orderOf,
  purchaseMovements,
} from './fake-providers/kit.js';
import { createMoovBf } from '../src/adapters/payments/moov-bf.js';
import { ConfigError, loadConfig } from '../src/config/index.js';
import { paymentDeps } from '../src/modules/payments/payment.deps.js';
import { reconcileDueOrders } from '../src/modules/payments/reconcile.job.js';
import { noteOfStart } from '../src/modules/payments/provider-answer.js';

// Short of the fakes' 3 s late answers, long enough for a loaded machine.
const TIMEOUT_MS = 1_500;
let t: TestApp;
let om: FakeOrange;
let mm: FakeMoov;

beforeAll(async () => {
  [om, mm] = await Promise.all([startFakeOrange(), startFakeMoov()]);
  t = await createTestApp(mobileMoneyEnv(om, mm, TIMEOUT_MS));
});
afterEach(async () => {
  om.payment = 'normal';
  om.enquiry = 'normal';
  om.enquiryIdField = 'ext_txn_id';
  mm.checkOmitsAmount = false;
  await expectBooksBalanced(t);
});
afterAll(async () => {
  await t.close();
  await Promise.all([om.close(), mm.close()]);
});

const OTP = '482915';
let seq = 0;
/** A fresh Orange number (never ending in 0 or 9) that has made the OTP. */
function orangeNumber(): string {
  seq += 1;
  const phone = `7${String(1_000_000 + seq).slice(-6)}5`;
  om.otps.set(phone, OTP);
  return phone;
}

const payOrange = (token: string, phone: string, otp = OTP) =>
  call(t, '/init-bf-payment', { amount: 1000, phone, payment_method: 'orange', otp }, token);

const check = async (member: { token: string }, token: string) =>
  (await call(t, '/check-bf-payment', { token }, member.token)).json().status as string;

/** The admin console's payments list with this status filter. */
async function consoleOrders(adminToken: string, status: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/payments?status=${status}`,
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Array<Record<string, unknown> & { id: number }>;
}

describe('Orange Money: the payment answer confirms', () => {
  it('credits once on OMPREQ 200 + transID, with no enquiry (not offered: 404)', async () => {
    om.enquiry = 'disabled';
    const enquiries = om.enquiryCalls;
    const m = await createMember(t);
    const init = await payOrange(m.token, orangeNumber());
    expect(init.statusCode, init.body).toBe(200);
    expect(init.json().data.status).toBe('success');
    const token: string = init.json().token;
    expect(await balanceOf(t, m.id)).toBe(275);
    // Polls after the credit, even racing, credit nothing more and ask nobody.
    const polls = await Promise.all([check(m, token), check(m, token), check(m, token)]);
    expect(polls).toEqual(['success', 'success', 'success']);
    expect(om.enquiryCalls).toBe(enquiries);
    expect(await purchaseMovements(t, m.id)).toEqual([
      expect.objectContaining({
        amount: 275,
        idempotency_key: `purchase:${(await orderOf(t, token)).id}`,
      }),
    ]);
    expect(await notificationsOf(t, m.id, 'payment_success')).toHaveLength(1);
    const order = await orderOf(t, token);
    expect(order.last_answer).toEqual({
      call: 'payment',
      outcome: 'paid',
      reason: '200 Paiement effectue',
      reference: order.provider_ref,
      amount: 1000,
      currency: 'XOF',
    });
    // Only the answer's non-secret fields are kept: no OTP, no credentials.
    const kept = JSON.stringify(order.last_answer);
    for (const secret of [OTP, FAKE_ORANGE.password, FAKE_ORANGE.username]) {
      expect(kept).not.toContain(secret);
    }
  });

  it('falls back to the enquiry when the answer is late or broken; the enquiry reads EXTTRID or ext_txn_id', async () => {
    const cases = [
      ['late', 'EXTTRID'],
      ['broken', 'ext_txn_id'],
      ['no_trans_id', 'EXTTRID'],
      ['late', 'ext_txn_id'],
    ] as const;
    for (const [payment, idField] of cases) {
      om.payment = payment;
      om.enquiryIdField = idField;
      const m = await createMember(t);
      const init = await payOrange(m.token, orangeNumber());
      expect(init.statusCode, `${payment} ${init.body}`).toBe(200);
      const token: string = init.json().token;
      expect((await orderOf(t, token)).status, payment).toBe('pending');
      expect(await balanceOf(t, m.id), payment).toBe(0);
      // Orange did debit: its enquiry knows the transaction under whichever id field it reads.
      expect(await check(m, token), `${payment} ${idField}`).toBe('success');
      expect(await check(m, token), payment).toBe('success');
      expect(await balanceOf(t, m.id), payment).toBe(275);
      expect((await orderOf(t, token)).last_answer, payment).toMatchObject({
        call: 'status',
        outcome: 'success',
        amount: 1000,
      });
    }
  });

  it('fails the order on a refusal answer, credits nothing and asks no enquiry', async () => {
    const enquiries = om.enquiryCalls;
    const m = await createMember(t);
    const init = await payOrange(m.token, orangeNumber(), '111111');
    expect(init.statusCode).toBe(403);
    expect(init.json().message).toBe(COINS_MSG.orangeRefused);
    const [order] = await t.db.query<{ status: string; last_answer: unknown }>(
      'SELECT status, last_answer FROM payment_orders WHERE user_id = $1',
      [m.id],
    );
    expect(order).toEqual({
      status: 'failed',
      last_answer: {
        call: 'payment',
        outcome: 'refused',
        reason: '08 OTP invalide ou expire',
        reference: null,
        amount: null,
        currency: null,
      },
    });
    expect(await balanceOf(t, m.id)).toBe(0);
    expect(om.enquiryCalls).toBe(enquiries);
    expect(await notificationsOf(t, m.id, 'payment_failed')).toHaveLength(1);
  });
});

describe('the answer kept on the order', () => {
  it('masks the OTP should a provider echo it in its message', () => {
    expect(
      noteOfStart({ outcome: 'refused', reason: '08 OTP 111111 invalide' }, ['111111']),
    ).toEqual({
      call: 'payment',
      outcome: 'refused',
      reason: '08 OTP •••• invalide',
      reference: null,
      amount: null,
      currency: null,
    });
  });
});

describe('Orange Money over TLS', () => {
  it('refuses a plain-HTTP ORANGE_BF_URL in production, since its answer credits coins', () => {
    const env = {
      NODE_ENV: 'production',
      DATA_DIR: '/tmp/x',
      ORANGE_BF_USERNAME: FAKE_ORANGE.username,
      ORANGE_BF_PASSWORD: FAKE_ORANGE.password,
      ORANGE_BF_MERCHANT_NUMBER: FAKE_ORANGE.merchantNumber,
    };
    expect(() => loadConfig({ ...env, ORANGE_BF_URL: 'http://127.0.0.1:9007/payment' })).toThrow(
      new ConfigError('ORANGE_BF_URL : doit commencer par https:// en production'),
    );
    expect(loadConfig(env).payments.orange).toMatchObject({ kind: 'orange' });
  });
});

describe('raised orders', () => {
  it('raises an order still unsettled 15 minutes on in the console, with the last answer', async () => {
    const admin = await createMember(t, { name: 'Admin paiements' });
    await t.db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [admin.id]);
    om.payment = 'late';
    om.enquiry = 'disabled';
    const m = await createMember(t);
    const token: string = (await payOrange(m.token, orangeNumber())).json().token;
    const { id } = await orderOf(t, token);
    const at = (minutes: number) => ({
      ...paymentDeps(t.app.deps),
      clock: { now: () => new Date(Date.now() + minutes * 60_000) },
    });

    await reconcileDueOrders(at(14));
    expect((await consoleOrders(admin.token, 'raised')).map((o) => o.id)).not.toContain(id);
    await reconcileDueOrders(at(16));
    const raised = (await consoleOrders(admin.token, 'raised')).find((o) => o.id === id);
    expect(raised).toMatchObject({
      status: 'pending',
      raised_at: expect.any(String),
      last_answer: { call: 'status', outcome: 'unknown', reason: expect.stringMatching(/404/) },
      last_answer_at: expect.any(String),
    });
    expect(await balanceOf(t, m.id)).toBe(0);
    // Nothing we could read said "refused": the order is not expired, even hours later.
    await reconcileDueOrders(at(180));
    expect((await orderOf(t, token)).status).toBe('pending');

    // Once the enquiry answers, a re-check credits it and it leaves the queue.
    om.enquiry = 'normal';
    expect(await check(m, token)).toBe('success');
    expect(await balanceOf(t, m.id)).toBe(275);
    expect((await consoleOrders(admin.token, 'raised')).map((o) => o.id)).not.toContain(id);
  });
});

describe('Moov Money: only a status answer "0" with the amount confirms', () => {
  it('credits nothing on the push answer nor on a "0" without amount, then once', async () => {
    const adapter = createMoovBf({ ...FAKE_MOOV, url: mm.url }, TIMEOUT_MS);
    const m = await createMember(t);
    const init = await call(
      t,
      '/init-bf-payment',
      { amount: 1000, phone: '60112255', payment_method: 'moov' },
      m.token,
    );
    expect(init.json().data.status).toBe('pending');
    const token: string = init.json().token;
    expect((await orderOf(t, token)).last_answer).toMatchObject({
      call: 'payment',
      outcome: 'pending',
    });
    mm.confirm(token);
    mm.checkOmitsAmount = true;
    const asked = { paymentId: token, reference: null, amount: 1000 };
    expect(await adapter.status(asked)).toMatchObject({ status: 'pending', amount: null });
    expect(await check(m, token)).toBe('pending');
    expect(await balanceOf(t, m.id)).toBe(0);
    mm.checkOmitsAmount = false;
    expect(await adapter.status(asked)).toMatchObject({ status: 'success', amount: 1000 });
    expect(await check(m, token)).toBe('success');
    expect(await check(m, token)).toBe('success');
    expect(await purchaseMovements(t, m.id)).toHaveLength(1);
    expect(await balanceOf(t, m.id)).toBe(275);
  });
});
