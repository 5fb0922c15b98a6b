/**
 * Mobile money against local operators (test/fake-providers/orange-bf.ts, moov-bf.ts): each
 * adapter's success, failure, time-out and malformed answers, then the whole purchase through
 * the API. Every test ends with the ledger audit.
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
} from './fake-providers/kit.js';
import { createOrangeBf } from '../src/adapters/payments/orange-bf.js';
import { createMoovBf } from '../src/adapters/payments/moov-bf.js';
import type { StartRequest } from '../src/adapters/payments/provider.js';

// Long enough that a loaded CI machine answers in time, short of the fakes' 3 s "timeout" scenario.
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
  om.statedAmount = null;
  mm.push = 'normal';
  mm.check = 'normal';
  await expectBooksBalanced(t);
});
afterAll(async () => {
  await t.close();
  await Promise.all([om.close(), mm.close()]);
});

let seq = 0;
const nextPhone = () => `7${String(1_000_000 + (seq += 1)).slice(-7)}`.replace(/[09]$/, '5');
const request = (over: Partial<StartRequest>): StartRequest => ({
  paymentId: `T${Date.now()}${(seq += 1)}`,
  amount: 1000,
  description: 'Rencontre 275 pieces',
  phone: nextPhone(),
  otp: null,
  customer: { id: 1, email: 'awa@exemple.bf', name: 'Awa' },
  notifyUrl: 'https://rencontre.test/n',
  returnUrl: 'https://rencontre.test/r',
  ...over,
});

const asked = (req: StartRequest) => ({
  paymentId: req.paymentId,
  reference: null,
  amount: req.amount,
});

describe('Orange Money adapter against its fake server', () => {
  const adapter = () => createOrangeBf({ ...FAKE_ORANGE, url: om.url }, TIMEOUT_MS);

  it('pays with the right OTP: the answer confirms amount and currency, so does the enquiry', async () => {
    const req = request({ otp: '482915' });
    om.otps.set(req.phone ?? '', '482915');
    expect(await adapter().start(req)).toMatchObject({
      outcome: 'paid',
      confirmation: { status: 'success', amount: 1000, currency: 'XOF', reference: /^MP/ },
    });
    expect(await adapter().status(asked(req))).toMatchObject({
      status: 'success',
      amount: 1000,
      currency: 'XOF',
    });
  });

  it('is refused with a wrong OTP or bad credentials; reads a failed transaction', async () => {
    const req = request({ otp: '111111' });
    om.otps.set(req.phone ?? '', '482915');
    expect(await adapter().start(req)).toMatchObject({ outcome: 'refused' });
    const badCreds = createOrangeBf({ ...FAKE_ORANGE, password: 'x', url: om.url }, TIMEOUT_MS);
    expect(await badCreds.start(request({ otp: '482915' }))).toMatchObject({ outcome: 'refused' });

    const paid = request({ otp: '222222' });
    om.otps.set(paid.phone ?? '', '222222');
    await adapter().start(paid);
    const tx = om.transactions.get(paid.paymentId);
    if (tx) tx.state = 'TF';
    expect(await adapter().status(asked(paid))).toMatchObject({ status: 'failed' });
    if (tx) tx.state = 'TI';
    expect(await adapter().status(asked(paid))).toMatchObject({ status: 'pending' });
    expect(await adapter().status(asked(request({})))).toMatchObject({ status: 'pending' });
  });

  it('says unknown on a time-out or a malformed answer', async () => {
    for (const scenario of ['timeout', 'malformed'] as const) {
      om.payment = scenario;
      om.enquiry = scenario;
      expect(await adapter().start(request({ otp: '482915' })), scenario).toMatchObject({
        outcome: 'unknown',
      });
      expect(await adapter().status(asked(request({}))), scenario).toMatchObject({
        status: 'unknown',
      });
    }
  });
});

describe('Moov Money adapter against its fake server', () => {
  const adapter = () => createMoovBf({ ...FAKE_MOOV, url: mm.url }, TIMEOUT_MS);

  it('pushes the request, stays pending until the customer confirms, then succeeds', async () => {
    const req = request({});
    expect(await adapter().start(req)).toMatchObject({ outcome: 'pending', reference: /^MM/ });
    expect(mm.transactions.get(req.paymentId)?.destination).toBe(`226${req.phone}`);
    expect(await adapter().status(asked(req))).toMatchObject({ status: 'pending' });
    mm.confirm(req.paymentId);
    expect(await adapter().status(asked(req))).toMatchObject({
      status: 'success',
      amount: 1000,
      currency: 'XOF',
    });
  });

  it('is refused for a refused number or bad credentials; reads a declined payment', async () => {
    const refused = request({});
    mm.refused.add(`226${refused.phone}`);
    expect(await adapter().start(refused)).toMatchObject({ outcome: 'refused' });
    const badCreds = createMoovBf({ ...FAKE_MOOV, password: 'x', url: mm.url }, TIMEOUT_MS);
    expect(await badCreds.start(request({}))).toMatchObject({ outcome: 'refused' });
    const declined = request({});
    await adapter().start(declined);
    mm.decline(declined.paymentId);
    expect(await adapter().status(asked(declined))).toMatchObject({ status: 'failed' });
  });

  it('says unknown on a time-out or a malformed answer', async () => {
    for (const scenario of ['timeout', 'malformed'] as const) {
      mm.push = scenario;
      mm.check = scenario;
      expect(await adapter().start(request({})), scenario).toMatchObject({ outcome: 'unknown' });
      expect(await adapter().status(asked(request({}))), scenario).toMatchObject({
        status: 'unknown',
      });
    }
  });
});

describe('buying with Orange Money', () => {
  it('credits 275 pièces as soon as the payment call answers 200 with a transID', async () => {
    const m = await createMember(t);
    om.otps.set('70112233', '482915');
    const init = await call(
      t,
      '/init-bf-payment',
      { amount: 1000, phone: '+226 70 11 22 33', payment_method: 'orange', otp: '482915' },
      m.token,
    );
    expect(init.statusCode).toBe(200);
    expect(init.json().data.status).toBe('success');
    const token: string = init.json().token;
    expect(await orderOf(t, token)).toMatchObject({ provider: 'orange_bf', status: 'success' });
    expect(await balanceOf(t, m.id)).toBe(275);
    const check = await call(t, '/check-bf-payment', { token }, m.token);
    expect(check.json().status).toBe('success');
    expect(await balanceOf(t, m.id)).toBe(275);
  });

  it('answers 403 "OTP invalide ou paiement expiré" for a wrong code and credits nothing', async () => {
    const m = await createMember(t);
    om.otps.set('70445566', '482915');
    const init = await call(
      t,
      '/init-bf-payment',
      { amount: 500, phone: '70445566', payment_method: 'orange', otp: '654321' },
      m.token,
    );
    expect(init.statusCode).toBe(403);
    expect(init.json().message).toBe(COINS_MSG.orangeRefused);
    expect(await balanceOf(t, m.id)).toBe(0);
    expect(await notificationsOf(t, m.id, 'payment_failed')).toHaveLength(1);
  });

  it('keeps an order whose payment call timed out pending, then settles it from the enquiry', async () => {
    const m = await createMember(t);
    om.otps.set('70778899', '482915');
    om.payment = 'timeout';
    const init = await call(
      t,
      '/init-bf-payment',
      { amount: 1000, phone: '70778899', payment_method: 'orange', otp: '482915' },
      m.token,
    );
    expect(init.statusCode).toBe(200);
    const token: string = init.json().token;
    expect((await call(t, '/check-bf-payment', { token }, m.token)).json().status).toBe('pending');
    // Orange did take the money after all: its enquiry now knows the transaction.
    om.transactions.set(token, { phone: '70778899', amount: 1000, state: 'TS', txnId: 'MPLATE' });
    expect((await call(t, '/check-bf-payment', { token }, m.token)).json().status).toBe('success');
    expect(await balanceOf(t, m.id)).toBe(275);
  });

  it('credits nothing when the payment answer states another amount', async () => {
    const m = await createMember(t);
    om.otps.set('70001122', '482915');
    om.statedAmount = 200;
    const token: string = (
      await call(
        t,
        '/init-bf-payment',
        { amount: 2000, phone: '70001122', payment_method: 'orange', otp: '482915' },
        m.token,
      )
    ).json().token;
    expect((await orderOf(t, token)).failure_reason).toBe('amount_mismatch');
    const check = (await call(t, '/check-bf-payment', { token }, m.token)).json();
    // The result screen's reason, in French (issue 18): never the stored code.
    expect(check).toMatchObject({ status: 'failed', message: COINS_MSG.failedAmount });
    expect(await balanceOf(t, m.id)).toBe(0);
  });
});

describe('buying with Moov Money', () => {
  it('waits for the customer, then credits once', async () => {
    const m = await createMember(t);
    const token: string = (
      await call(
        t,
        '/init-bf-payment',
        { amount: 5000, phone: '60 11 22 33', payment_method: 'moov' },
        m.token,
      )
    ).json().token;
    expect((await call(t, '/check-bf-payment', { token }, m.token)).json().status).toBe('pending');
    mm.confirm(token);
    const checks = await Promise.all(
      Array.from({ length: 5 }, () => call(t, '/check-bf-payment', { token }, m.token)),
    );
    expect(checks.map((c) => c.json().status)).toEqual(Array.from({ length: 5 }, () => 'success'));
    expect(await balanceOf(t, m.id)).toBe(2500);
  });

  it('fails a declined payment and answers 403 for a refused number', async () => {
    const m = await createMember(t);
    const token: string = (
      await call(
        t,
        '/init-bf-payment',
        { amount: 300, phone: '60445566', payment_method: 'moov' },
        m.token,
      )
    ).json().token;
    mm.decline(token);
    expect((await call(t, '/check-bf-payment', { token }, m.token)).json()).toMatchObject({
      status: 'failed',
      message: COINS_MSG.failedRefused,
    });
    mm.refused.add('22660778899');
    const refused = await call(
      t,
      '/init-bf-payment',
      { amount: 300, phone: '60778899', payment_method: 'moov' },
      m.token,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(COINS_MSG.moovRefused);
    expect(await balanceOf(t, m.id)).toBe(0);
  });

  it('stays pending while Moov answers nonsense', async () => {
    const m = await createMember(t);
    const token: string = (
      await call(
        t,
        '/init-bf-payment',
        { amount: 300, phone: '60001122', payment_method: 'moov' },
        m.token,
      )
    ).json().token;
    mm.confirm(token);
    mm.check = 'malformed';
    expect((await call(t, '/check-bf-payment', { token }, m.token)).json().status).toBe('pending');
    mm.check = 'normal';
    expect((await call(t, '/check-bf-payment', { token }, m.token)).json().status).toBe('success');
    expect(await balanceOf(t, m.id)).toBe(50);
  });
});
