/**
 * A local CinetPay speaking the checkout API v2 as the adapter documents it
 * (src/adapters/payments/cinetpay.ts): POST /v2/payment, POST /v2/payment/check, and signed
 * notifications. Scenarios: refusals (bad key, missing fields), time-outs, malformed bodies,
 * a server error, and a payment of another amount than asked.
 */
import crypto from 'node:crypto';
import { cinetPayNotificationToken } from '../../src/adapters/payments/cinetpay.js';
import { json, startFakeServer, type FakeResponse } from './http-server.js';

export const FAKE_CINETPAY = {
  apiKey: 'test-api-key-123',
  siteId: '445160',
  secretKey: 'test-secret-key-0123456789',
} as const;

type TxStatus = 'WAITING_FOR_CUSTOMER' | 'ACCEPTED' | 'REFUSED';
interface FakeTransaction {
  amount: number;
  currency: string;
  status: TxStatus;
  paidAmount: number;
  notifyUrl: string;
}

type Scenario = 'normal' | 'timeout' | 'malformed' | 'server_error';

export interface FakeCinetPay {
  url: string;
  transactions: Map<string, FakeTransaction>;
  /** What the next calls to each endpoint do. */
  init: Scenario | 'refuse';
  check: Scenario;
  checkCalls: number;
  /** The customer pays (optionally another amount than asked). */
  pay(transactionId: string, paidAmount?: number): void;
  refuse(transactionId: string): void;
  /** The notification CinetPay would post, signed (or forged with another key). */
  notification(
    transactionId: string,
    opts?: { forge?: boolean },
  ): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
}

const SLOW_MS = 3_000;

export async function startFakeCinetPay(): Promise<FakeCinetPay> {
  const transactions = new Map<string, FakeTransaction>();
  const fake = {
    init: 'normal',
    check: 'normal',
    checkCalls: 0,
  } as Pick<FakeCinetPay, 'init' | 'check' | 'checkCalls'>;

  function scenario(s: Scenario): FakeResponse | null {
    if (s === 'timeout') return json(200, { code: '00' }, SLOW_MS);
    if (s === 'malformed')
      return { status: 200, body: '<html>Bad Gateway</html>', contentType: 'text/html' };
    if (s === 'server_error')
      return { status: 500, body: '{"code":"500",', contentType: 'application/json' };
    return null;
  }

  function initPayment(body: Record<string, unknown>): FakeResponse {
    if (fake.init === 'refuse' || body.apikey !== FAKE_CINETPAY.apiKey) {
      return json(401, { code: '609', message: 'AUTH_NOT_FOUND', description: 'Clé invalide' });
    }
    const early = fake.init === 'normal' ? null : scenario(fake.init);
    if (early) return early;
    const id = String(body.transaction_id ?? '');
    const amount = Number(body.amount);
    const required = [
      'transaction_id',
      'amount',
      'currency',
      'description',
      'notify_url',
      'return_url',
    ];
    if (body.site_id !== FAKE_CINETPAY.siteId || required.some((k) => !body[k])) {
      return json(400, { code: '608', message: 'MINIMUM_REQUIRED_FIELDS' });
    }
    if (amount % 5 !== 0 || body.currency !== 'XOF') {
      return json(400, { code: '624', message: 'AMOUNT_OR_CURRENCY_INVALID' });
    }
    if (transactions.has(id)) return json(400, { code: '609', message: 'TRANSACTION_EXIST' });
    transactions.set(id, {
      amount,
      currency: String(body.currency),
      status: 'WAITING_FOR_CUSTOMER',
      paidAmount: amount,
      notifyUrl: String(body.notify_url),
    });
    const token = crypto.randomBytes(16).toString('hex');
    return json(200, {
      code: '201',
      message: 'CREATED',
      description: 'Transaction created with success',
      data: {
        payment_token: token,
        payment_url: `https://checkout.cinetpay.test/payment/${token}`,
      },
      api_response_id: String(Date.now()),
    });
  }

  function checkPayment(body: Record<string, unknown>): FakeResponse {
    fake.checkCalls += 1;
    const early = scenario(fake.check);
    if (early) return early;
    if (body.apikey !== FAKE_CINETPAY.apiKey)
      return json(401, { code: '609', message: 'AUTH_NOT_FOUND' });
    const tx = transactions.get(String(body.transaction_id ?? ''));
    if (!tx) return json(404, { code: '662', message: 'TRANSACTION_NOT_FOUND' });
    const code = tx.status === 'ACCEPTED' ? '00' : tx.status === 'REFUSED' ? '627' : '662';
    const message =
      tx.status === 'ACCEPTED'
        ? 'SUCCES'
        : tx.status === 'REFUSED'
          ? 'TRANSACTION_CANCEL'
          : 'WAITING_CUSTOMER_PAYMENT';
    return json(200, {
      code,
      message,
      data: {
        amount: String(tx.paidAmount),
        currency: tx.currency,
        status: tx.status,
        payment_method: 'VISAM',
        description: 'Rencontre',
        metadata: null,
        operator_id: tx.status === 'ACCEPTED' ? 'OP-1234' : null,
        payment_date: tx.status === 'ACCEPTED' ? '2025-09-08 10:00:00' : '',
      },
      api_response_id: String(Date.now()),
    });
  }

  const server = await startFakeServer((req) => {
    if (req.method !== 'POST') return json(404, { code: '404' });
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(req.body) as Record<string, unknown>;
    } catch {
      return json(400, { code: '608', message: 'MINIMUM_REQUIRED_FIELDS' });
    }
    if (req.path === '/v2/payment') return initPayment(body);
    if (req.path === '/v2/payment/check') return checkPayment(body);
    return json(404, { code: '404' });
  });

  const txOf = (id: string) => {
    const tx = transactions.get(id);
    if (!tx) throw new Error(`unknown transaction ${id}`);
    return tx;
  };

  return Object.assign(fake, {
    url: server.url,
    transactions,
    pay(id: string, paidAmount?: number) {
      const tx = txOf(id);
      tx.status = 'ACCEPTED';
      tx.paidAmount = paidAmount ?? tx.amount;
    },
    refuse(id: string) {
      txOf(id).status = 'REFUSED';
    },
    notification(id: string, opts: { forge?: boolean } = {}) {
      const tx = txOf(id);
      const fields: Record<string, string> = {
        cpm_site_id: FAKE_CINETPAY.siteId,
        cpm_trans_id: id,
        cpm_trans_date: '2025-09-08 10:00:00',
        cpm_amount: String(tx.paidAmount),
        cpm_currency: tx.currency,
        signature: crypto.randomBytes(8).toString('hex'),
        payment_method: 'VISAM',
        cel_phone_num: '',
        cpm_phone_prefixe: '',
        cpm_language: 'fr',
        cpm_version: 'V4',
        cpm_payment_config: 'Single',
        cpm_page_action: 'Payment',
        cpm_custom: '',
        cpm_designation: 'Rencontre',
        cpm_error_message: tx.status === 'ACCEPTED' ? 'SUCCES' : '',
      };
      const key = opts.forge ? 'not-the-secret-key' : FAKE_CINETPAY.secretKey;
      return {
        body: new URLSearchParams(fields).toString(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-token': cinetPayNotificationToken(fields, key),
        },
      };
    },
    close: () => server.close(),
  });
}
