/**
 * What each payment adapter makes of its provider's answers (README "Payments"): one local
 * server on 127.0.0.1 plays the provider and answers what each test scripts, the adapters are
 * the real ones. Part of the payments module of npm run test:mutation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrangeBf } from '../../src/adapters/payments/orange-bf.js';
import { createMoovBf } from '../../src/adapters/payments/moov-bf.js';
import { createCinetPay } from '../../src/adapters/payments/cinetpay.js';
import type { StartRequest } from '../../src/adapters/payments/provider.js';
import { noteOfStart, noteOfStatus } from '../../src/modules/payments/provider-answer.js';
import {
  startFakeServer,
  type FakeRequest,
  type FakeResponse,
  type FakeServer,
} from '../fake-providers/http-server.js';

let server: FakeServer;
let answer: FakeResponse = { status: 200, body: '{}' };
const seen: FakeRequest[] = [];
beforeAll(async () => {
  server = await startFakeServer((req) => {
    seen.push(req);
    return answer;
  });
});
afterAll(() => server.close());

const xml = (fields: Record<string, string>, status = 200): FakeResponse => ({
  status,
  contentType: 'application/xml',
  body: `<?xml version="1.0"?><COMMAND>${Object.entries(fields)
    .map(([k, v]) => `<${k}>${v}</${k}>`)
    .join('')}</COMMAND>`,
});
const json = (body: unknown, status = 200): FakeResponse => ({
  status,
  body: JSON.stringify(body),
});
const ask = { paymentId: 'PAY-42', reference: null, amount: 1000 };

describe('Orange Money BF', () => {
  const orange = () =>
    createOrangeBf(
      { url: server.url, username: 'u', password: 'p', merchantNumber: '70000000' },
      2000,
    );
  const start = (): StartRequest => ({
    paymentId: 'PAY-42',
    amount: 1000,
    description: 'Pack',
    phone: '70123456',
    otp: '123456',
    customer: { id: 1, email: 'a@b.bf', name: 'Awa' },
    notifyUrl: 'http://127.0.0.1/n',
    returnUrl: 'http://127.0.0.1/r',
  });

  it('is paid by a payment answer 200 with a transID, for the amount it states or the one asked', async () => {
    answer = xml({ status: '200', message: 'Succes', transID: 'OM1', amount: '900' });
    expect(await orange().start(start())).toEqual({
      outcome: 'paid',
      confirmation: {
        status: 'success',
        amount: 900,
        currency: 'XOF',
        reference: 'OM1',
        reason: '200 Succes',
      },
    });
    answer = xml({ status: '200', transID: 'OM2' });
    expect(await orange().start(start())).toMatchObject({
      outcome: 'paid',
      confirmation: { amount: 1000, reference: 'OM2', reason: '200' },
    });
  });

  it('is refused by any other status, and unknown when the 200 has no transID', async () => {
    answer = xml({ status: '60019', message: 'OTP invalide' });
    expect(await orange().start(start())).toEqual({
      outcome: 'refused',
      reason: '60019 OTP invalide',
    });
    answer = xml({ status: '200', message: 'ok' });
    expect(await orange().start(start())).toEqual({
      outcome: 'unknown',
      reason: '200 ok sans transID',
    });
  });

  it('asks the enquiry with our id twice, and reads TS, TF and anything else', async () => {
    answer = xml({ status: '200', TXNSTATUS: 'ts', TXNID: 'T1', amount: '1000', message: 'fini' });
    seen.length = 0;
    expect(await orange().status(ask)).toEqual({
      status: 'success',
      amount: 1000,
      currency: 'XOF',
      reference: 'T1',
      reason: '200 TS fini',
    });
    expect(seen[0]?.body).toContain('<TYPE>TXNEQREQ</TYPE>');
    expect(seen[0]?.body).toContain('<ext_txn_id>PAY-42</ext_txn_id>');
    expect(seen[0]?.body).toContain('<EXTTRID>PAY-42</EXTTRID>');
    answer = xml({ status: '200', TXNSTATUS: 'TF', transID: 'T2' });
    expect(await orange().status(ask)).toMatchObject({
      status: 'failed',
      reference: 'T2',
      amount: null,
    });
    answer = xml({ status: '200', TXNSTATUS: 'TI' });
    expect(await orange().status(ask)).toMatchObject({ status: 'pending', reason: '200 TI' });
    answer = xml({ status: '200' });
    expect(await orange().status(ask)).toMatchObject({ status: 'pending', reason: '200' });
    answer = xml({ status: '404', TXNSTATUS: 'TS' });
    expect(await orange().status(ask)).toMatchObject({ status: 'pending' });
    answer = { status: 503, body: '<status>200</status>' };
    expect(await orange().status(ask)).toMatchObject({ status: 'unknown', amount: null });
  });
});

describe('Moov Money BF', () => {
  const moov = () => createMoovBf({ url: server.url, username: 'u', password: 'p' }, 2000);

  it('is paid only by a status "0" stating the amount', async () => {
    answer = json({ status: '0', 'trans-id': 'MV1', message: 'Succes', amount: '1000' });
    expect(await moov().status(ask)).toEqual({
      status: 'success',
      amount: 1000,
      currency: 'XOF',
      reference: 'MV1',
      reason: '0 Succes',
    });
    expect(seen.at(-1)?.headers['command-id']).toBe('process-check-transaction');
    answer = json({ status: '0', message: 'ok' });
    expect(await moov().status(ask)).toMatchObject({
      status: 'pending',
      reason: '0 ok sans montant',
    });
  });

  it('fails on "12", waits on anything else, and is unknown without a status', async () => {
    answer = json({ status: '12', message: 'refus', amount: 1000 });
    expect(await moov().status(ask)).toMatchObject({ status: 'failed', reason: '12 refus' });
    answer = json({ status: '15', amount: 1000 });
    expect(await moov().status(ask)).toMatchObject({ status: 'pending', reason: '15' });
    answer = json({ message: 'rien' });
    expect(await moov().status(ask)).toEqual({
      status: 'unknown',
      amount: null,
      currency: null,
      reference: null,
      reason: 'réponse sans statut',
    });
  });
});

describe('CinetPay', () => {
  const cinetpay = () =>
    createCinetPay({ baseUrl: server.url, apiKey: 'k', siteId: 's', secretKey: 'x' }, 2000);
  const check = (code: string | null, data?: Record<string, unknown>) => {
    answer = json({ code, message: 'msg', ...(data ? { data } : {}) });
    return cinetpay().status(ask);
  };

  it('is paid by code "00" with status ACCEPTED, and reads amount, currency and operator', async () => {
    expect(
      await check('00', {
        status: 'accepted',
        amount: '1000',
        currency: 'XOF',
        operator_id: 'OP1',
      }),
    ).toEqual({
      status: 'success',
      amount: 1000,
      currency: 'XOF',
      reference: 'OP1',
      reason: '00 msg ACCEPTED',
    });
    expect(seen.at(-1)?.path).toBe('/v2/payment/check');
    expect(await check('01', { status: 'ACCEPTED', amount: 1000 })).toMatchObject({
      status: 'pending',
    });
    expect(await check('00', { status: 'PENDING', amount: 1000 })).toMatchObject({
      status: 'pending',
    });
  });

  it('fails on a refused or cancelled status or on codes 600 and 627', async () => {
    for (const status of ['REFUSED', 'CANCELED', 'CANCELLED', 'FAILED']) {
      expect(await check('00', { status })).toMatchObject({ status: 'failed' });
    }
    for (const code of ['600', '627'])
      expect(await check(code, {})).toMatchObject({ status: 'failed' });
    expect(await check(null, { status: 'WAITING' })).toMatchObject({
      status: 'pending',
      reason: 'msg WAITING',
    });
  });

  it('waits on a coded answer without data, and is unknown on one with neither', async () => {
    expect(await check('604')).toEqual({
      status: 'pending',
      amount: null,
      currency: null,
      reference: null,
      reason: '604 msg',
    });
    answer = json({ message: 'msg' });
    expect(await cinetpay().status(ask)).toMatchObject({
      status: 'unknown',
      reason: 'réponse sans données',
    });
  });
});

describe('the provider answer kept on an order', () => {
  const confirmation = {
    status: 'success' as const,
    amount: 1000,
    currency: 'XOF',
    reference: 'OM1',
    reason: '200 OTP 4321 accepté',
  };

  it("keeps a payment answer's fields, with the OTP masked wherever it is echoed", () => {
    expect(noteOfStart({ outcome: 'paid', confirmation }, ['4321', null])).toEqual({
      call: 'payment',
      outcome: 'paid',
      reason: '200 OTP •••• accepté',
      reference: 'OM1',
      amount: 1000,
      currency: 'XOF',
    });
    for (const outcome of ['refused', 'unknown'] as const) {
      expect(noteOfStart({ outcome, reason: 'code 4321 refusé, 4321' }, ['4321'])).toEqual({
        call: 'payment',
        outcome,
        reason: 'code •••• refusé, ••••',
        reference: null,
        amount: null,
        currency: null,
      });
    }
    // Too short to be a secret worth hiding: masking it would blank ordinary digits.
    expect(noteOfStart({ outcome: 'refused', reason: 'code 12' }, ['12'])).toMatchObject({
      reason: 'code 12',
    });
  });

  it('keeps the reference of a pending or redirected payment, and no reason', () => {
    for (const outcome of ['pending', 'redirect'] as const) {
      const r =
        outcome === 'pending'
          ? { outcome, reference: 'REF' }
          : { outcome, reference: 'REF', paymentUrl: 'https://pay.example/x' };
      expect(noteOfStart(r, [])).toEqual({
        call: 'payment',
        outcome,
        reason: null,
        reference: 'REF',
        amount: null,
        currency: null,
      });
    }
  });

  it('keeps a status answer as it came, its reason cut to 300 characters', () => {
    expect(noteOfStatus({ ...confirmation, reason: 'x'.repeat(400) })).toEqual({
      call: 'status',
      outcome: 'success',
      reason: 'x'.repeat(300),
      reference: 'OM1',
      amount: 1000,
      currency: 'XOF',
    });
    expect(noteOfStatus({ ...confirmation, reason: null }).reason).toBeNull();
  });
});
