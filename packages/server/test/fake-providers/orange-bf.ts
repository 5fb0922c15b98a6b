/**
 * A local Orange Money Burkina speaking the XML merchant API as the adapter documents it
 * (src/adapters/payments/orange-bf.ts): OMPREQ pays with the customer's OTP, TXNEQREQ tells a
 * transaction's state. Scenarios: wrong OTP or credentials, time-outs, malformed answers, a
 * transaction still processing, a failed one, another amount than asked.
 */
import crypto from 'node:crypto';
import { xmlValue } from '../../src/adapters/payments/orange-bf.js';
import { startFakeServer, type FakeResponse } from './http-server.js';

export const FAKE_ORANGE = {
  username: 'rencontre_api',
  password: 'orange-secret',
  merchantNumber: '76000000',
} as const;

export interface FakeOrangeTx {
  phone: string;
  amount: number;
  state: 'TS' | 'TF' | 'TI';
  txnId: string;
}

export type OrangeScenario = 'normal' | 'timeout' | 'malformed';

export interface FakeOrange {
  url: string;
  /** The OTP each number made with the USSD code (the only one accepted). */
  otps: Map<string, string>;
  transactions: Map<string, FakeOrangeTx>;
  payment: OrangeScenario;
  enquiry: OrangeScenario;
  close(): Promise<void>;
}

const xml = (fields: Record<string, string>, status = 200): FakeResponse => ({
  status,
  contentType: 'application/xml',
  body: `<?xml version="1.0"?><COMMAND>${Object.entries(fields)
    .map(([k, v]) => `<${k}>${v}</${k}>`)
    .join('')}</COMMAND>`,
});

export async function startFakeOrange(): Promise<FakeOrange> {
  const otps = new Map<string, string>();
  const transactions = new Map<string, FakeOrangeTx>();
  const fake = { payment: 'normal', enquiry: 'normal' } as Pick<FakeOrange, 'payment' | 'enquiry'>;

  function special(s: OrangeScenario): FakeResponse | null {
    if (s === 'timeout') return { ...xml({ status: '200' }), delayMs: 3_000 };
    if (s === 'malformed')
      return { status: 502, contentType: 'text/html', body: '<html>502</html>' };
    return null;
  }

  function pay(body: string): FakeResponse {
    const early = special(fake.payment);
    if (early) return early;
    if (
      xmlValue(body, 'api_username') !== FAKE_ORANGE.username ||
      xmlValue(body, 'api_password') !== FAKE_ORANGE.password
    ) {
      return xml({ TYPE: 'OMPREP', status: '01', message: 'Authentification echouee' });
    }
    const phone = xmlValue(body, 'customer_msisdn') ?? '';
    const otp = xmlValue(body, 'otp') ?? '';
    if (!otp || otps.get(phone) !== otp) {
      return xml({ TYPE: 'OMPREP', status: '08', message: 'OTP invalide ou expire' });
    }
    otps.delete(phone);
    const txnId = `MP${crypto.randomBytes(5).toString('hex').toUpperCase()}`;
    transactions.set(xmlValue(body, 'ext_txn_id') ?? '', {
      phone,
      amount: Number(xmlValue(body, 'amount')),
      state: 'TS',
      txnId,
    });
    return xml({ TYPE: 'OMPREP', status: '200', message: 'Paiement effectue', transID: txnId });
  }

  function enquire(body: string): FakeResponse {
    const early = special(fake.enquiry);
    if (early) return early;
    const tx = transactions.get(xmlValue(body, 'ext_txn_id') ?? '');
    if (!tx) return xml({ TYPE: 'TXNEQRESP', status: '404', message: 'Transaction introuvable' });
    return xml({
      TYPE: 'TXNEQRESP',
      status: '200',
      TXNSTATUS: tx.state,
      TXNID: tx.txnId,
      amount: String(tx.amount),
      message: tx.state,
    });
  }

  const server = await startFakeServer((req) => {
    if (req.method !== 'POST' || req.path !== '/payment') return { status: 404, body: 'Not found' };
    const type = xmlValue(req.body, 'TYPE');
    if (type === 'OMPREQ') return pay(req.body);
    if (type === 'TXNEQREQ') return enquire(req.body);
    return xml({ status: '400', message: 'Requete invalide' }, 400);
  });
  return Object.assign(fake, {
    url: `${server.url}/payment`,
    otps,
    transactions,
    close: () => server.close(),
  });
}
