/**
 * A local Moov Money Burkina speaking the gateway API as the adapter documents it
 * (src/adapters/payments/moov-bf.ts): Basic auth, command-id mror-transaction-ussd (push a
 * payment request to the customer) and process-check-transaction. Scenarios: refused number,
 * bad credentials, customer confirming or declining, time-outs and malformed answers.
 */
import crypto from 'node:crypto';
import { json, startFakeServer, type FakeResponse } from './http-server.js';

export const FAKE_MOOV = { username: 'rencontre', password: 'moov-secret' } as const;

interface FakeMoovTx {
  destination: string;
  amount: number;
  /** 15 waiting for the customer, 0 confirmed, 12 declined. */
  status: '15' | '0' | '12';
  transId: string;
  paidAmount: number;
}

type MoovScenario = 'normal' | 'timeout' | 'malformed';

export interface FakeMoov {
  url: string;
  transactions: Map<string, FakeMoovTx>;
  /** Numbers (226XXXXXXXX) whose payment requests are refused at once. */
  refused: Set<string>;
  push: MoovScenario;
  check: MoovScenario;
  /** The status answer leaves out `amount` (a gateway that does not state it). */
  checkOmitsAmount: boolean;
  confirm(requestId: string, paidAmount?: number): void;
  decline(requestId: string): void;
  close(): Promise<void>;
}

export async function startFakeMoov(): Promise<FakeMoov> {
  const transactions = new Map<string, FakeMoovTx>();
  const refused = new Set<string>();
  const fake: Pick<FakeMoov, 'push' | 'check' | 'checkOmitsAmount'> = {
    push: 'normal',
    check: 'normal',
    checkOmitsAmount: false,
  };
  const basic = `Basic ${Buffer.from(`${FAKE_MOOV.username}:${FAKE_MOOV.password}`).toString('base64')}`;

  function special(s: MoovScenario): FakeResponse | null {
    if (s === 'timeout') return json(200, { status: '0' }, 3_000);
    if (s === 'malformed') return { status: 200, body: 'OK', contentType: 'text/plain' };
    return null;
  }

  function push(body: Record<string, unknown>): FakeResponse {
    const early = special(fake.push);
    if (early) return early;
    const destination = String(body.destination ?? '');
    const requestId = String(body['request-id'] ?? '');
    if (!/^226\d{8}$/.test(destination) || refused.has(destination)) {
      return json(200, { status: '12', 'request-id': requestId, message: 'Abonne non autorise' });
    }
    const transId = `MM${crypto.randomBytes(5).toString('hex').toUpperCase()}`;
    const amount = Number(body.amount);
    transactions.set(requestId, { destination, amount, status: '15', transId, paidAmount: amount });
    return json(200, {
      status: '0',
      'request-id': requestId,
      'trans-id': transId,
      message: 'SUCCESS',
    });
  }

  function check(body: Record<string, unknown>): FakeResponse {
    const early = special(fake.check);
    if (early) return early;
    const requestId = String(body['request-id'] ?? '');
    const tx = transactions.get(requestId);
    if (!tx) return json(200, { status: '15', 'request-id': requestId, message: 'UNKNOWN' });
    return json(200, {
      status: tx.status,
      'request-id': requestId,
      'trans-id': tx.transId,
      ...(fake.checkOmitsAmount ? {} : { amount: String(tx.paidAmount) }),
      message: tx.status === '0' ? 'SUCCESS' : tx.status === '12' ? 'FAILED' : 'PENDING',
    });
  }

  const server = await startFakeServer((req) => {
    if (req.headers.authorization !== basic)
      return json(401, { status: '401', message: 'Unauthorized' });
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(req.body) as Record<string, unknown>;
    } catch {
      return json(400, { status: '400', message: 'Bad request' });
    }
    const command = req.headers['command-id'];
    if (command === 'mror-transaction-ussd') return push(body);
    if (command === 'process-check-transaction') return check(body);
    return json(400, { status: '400', message: `command-id inconnu ${String(command)}` });
  });

  const txOf = (id: string) => {
    const tx = transactions.get(id);
    if (!tx) throw new Error(`unknown request ${id}`);
    return tx;
  };
  return Object.assign(fake, {
    url: `${server.url}/gateway/3pp/transaction/process`,
    transactions,
    refused,
    confirm(id: string, paidAmount?: number) {
      const tx = txOf(id);
      tx.status = '0' as const;
      tx.paidAmount = paidAmount ?? tx.amount;
    },
    decline(id: string) {
      txOf(id).status = '12' as const;
    },
    close: () => server.close(),
  });
}
