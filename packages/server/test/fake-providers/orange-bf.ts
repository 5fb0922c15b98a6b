/**
 * A local Orange Money Burkina speaking the XML merchant API as the adapter documents it
 * (src/adapters/payments/orange-bf.ts): OMPREQ pays with the customer's OTP, TXNEQREQ tells a
 * transaction's state. Scenarios: wrong OTP or credentials, time-outs, malformed answers, a
 * payment debited whose answer comes too late or broken, a transaction still processing, a
 * failed one, another amount than asked, an enquiry not offered to the merchant (HTTP 404) and
 * an enquiry that reads its id from <EXTTRID> instead of <ext_txn_id>.
 */
import crypto from 'node:crypto';
import { xmlValue } from '../../src/adapters/payments/orange-bf.js';
import { startFakeServer, type FakeResponse } from './http-server.js';

export const FAKE_ORANGE = {
  username: 'rencontre_api',
  password: 'orange-secret',
  merchantNumber: '76000000',
} as const;

interface FakeOrangeTx {
  phone: string;
  amount: number;
  state: 'TS' | 'TF' | 'TI';
  txnId: string;
}

type OrangeScenario = 'normal' | 'timeout' | 'malformed';
/** late / broken: the payment is debited, but its answer comes after the time-out / unreadable. */
type OrangePaymentScenario = OrangeScenario | 'late' | 'broken' | 'no_trans_id';

export interface FakeOrange {
  url: string;
  /** The OTP each number made with the USSD code (the only one accepted). */
  otps: Map<string, string>;
  transactions: Map<string, FakeOrangeTx>;
  payment: OrangePaymentScenario;
  /** disabled: the enquiry is not offered to this merchant account (HTTP 404). */
  enquiry: OrangeScenario | 'disabled';
  /** The field the enquiry reads our id from (Mobiquity deployments differ). */
  enquiryIdField: 'ext_txn_id' | 'EXTTRID';
  /** When set, the payment answer states this <amount>. */
  statedAmount: number | null;
  enquiryCalls: number;
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
  const fake: Pick<
    FakeOrange,
    'payment' | 'enquiry' | 'enquiryIdField' | 'statedAmount' | 'enquiryCalls'
  > = {
    payment: 'normal',
    enquiry: 'normal',
    enquiryIdField: 'ext_txn_id',
    statedAmount: null,
    enquiryCalls: 0,
  };

  function special(s: OrangeScenario | 'disabled'): FakeResponse | null {
    if (s === 'disabled') return { status: 404, contentType: 'text/plain', body: 'Not Found' };
    if (s === 'timeout') return { ...xml({ status: '200' }), delayMs: 3_000 };
    if (s === 'malformed')
      return { status: 502, contentType: 'text/html', body: '<html>502</html>' };
    return null;
  }

  function pay(body: string): FakeResponse {
    const early =
      fake.payment === 'timeout' || fake.payment === 'malformed' ? special(fake.payment) : null;
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
    const answer = xml({
      TYPE: 'OMPREP',
      status: '200',
      message: 'Paiement effectue',
      ...(fake.payment === 'no_trans_id' ? {} : { transID: txnId }),
      ...(fake.statedAmount === null ? {} : { amount: String(fake.statedAmount) }),
    });
    if (fake.payment === 'late') return { ...answer, delayMs: 3_000 };
    if (fake.payment === 'broken') return { status: 200, contentType: 'text/html', body: '<html>' };
    return answer;
  }

  function enquire(body: string): FakeResponse {
    fake.enquiryCalls += 1;
    const early = special(fake.enquiry);
    if (early) return early;
    const tx = transactions.get(xmlValue(body, fake.enquiryIdField) ?? '');
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
