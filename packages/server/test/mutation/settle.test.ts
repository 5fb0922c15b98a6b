/**
 * Settling coin orders from the provider's answer (settle.ts): what counts as paid, refused,
 * expired or still open, that coins and the member's notice come once, and what is kept on the
 * order and logged for staff. A local Moov Money on 127.0.0.1 answers what each test scripts.
 * Part of the payments module of npm run test:mutation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import {
  startFakeServer,
  type FakeResponse,
  type FakeServer,
} from '../fake-providers/http-server.js';
import { balanceOf, notificationsOf } from '../fake-providers/kit.js';
import { createMember, createTestApp, type TestApp } from '../helpers.js';
import { paymentDeps, type PaymentDeps } from '../../src/modules/payments/payment.deps.js';
import * as repo from '../../src/modules/payments/payment.repository.js';
import {
  judge,
  PENDING_ORDER_TTL_MS,
  refreshOrder,
  reportLatePayment,
  settleOrder,
} from '../../src/modules/payments/settle.js';
import type { StatusResult } from '../../src/adapters/payments/index.js';
import { kyselyOf } from '../../src/db/kysely.js';

let t: TestApp;
let moov: FakeServer;
let answer: FakeResponse = { status: 200, body: '{}' };
let calls = 0;
beforeAll(async () => {
  moov = await startFakeServer(() => {
    calls += 1;
    return answer;
  });
  t = await createTestApp({ MOOV_BF_URL: moov.url, MOOV_BF_USERNAME: 'u', MOOV_BF_PASSWORD: 'p' });
});
afterAll(async () => {
  await t.close();
  await moov.close();
});

const T0 = new Date('2026-05-01T10:00:00Z');
let lines: Record<string, unknown>[] = [];
function ctxAt(now: Date): PaymentDeps {
  lines = [];
  const log = pino({ level: 'debug' }, { write: (l: string) => void lines.push(JSON.parse(l)) });
  return { ...paymentDeps(t.app.deps), log, clock: { now: () => now } };
}
const logged = (level: number) => lines.filter((l) => l.level === level).map((l) => l.msg);
const WARN = 40;
const ERROR = 50;

let seq = 0;
async function orderFor(userId: number, over: { provider?: 'moov_bf' | 'orange_bf' } = {}) {
  seq += 1;
  const row = await repo.insertOrder(kyselyOf(t.db), {
    paymentId: `PAY-${Date.now()}-${seq}`,
    userId,
    packId: 1,
    amount: 1000,
    currency: 'XOF',
    coins: 100,
    bonus: 20,
    provider: over.provider ?? 'moov_bf',
    method: over.provider === 'orange_bf' ? 'orange' : 'moov',
    phone: '70123456',
  });
  if (!row) throw new Error('order not inserted');
  return { ...row, created_at: T0 };
}
const moovSays = (body: Record<string, unknown>) => {
  answer = { status: 200, body: JSON.stringify(body) };
};
const status = (over: Partial<StatusResult>): StatusResult => ({
  status: 'success',
  amount: 1000,
  currency: 'XOF',
  reference: 'R1',
  reason: null,
  ...over,
});

describe('judging a provider answer', () => {
  it("counts a success only for the order's amount in XOF, however the currency is written", async () => {
    const m = await createMember(t);
    const order = await orderFor(m.id);
    const ctx = ctxAt(T0);
    expect(judge(ctx, order, status({ currency: ' xof ' }))).toEqual({
      status: 'success',
      reference: 'R1',
    });
    for (const wrong of [status({ amount: 999 }), status({ currency: 'EUR' })]) {
      expect(judge(ctx, order, wrong)).toEqual({
        status: 'failed',
        reference: 'R1',
        reason: 'amount_mismatch',
      });
    }
    expect(logged(ERROR)).toHaveLength(2);
    expect(lines[0]).toMatchObject({ orderId: order.id, expected: 1000 });
  });

  it('leaves the order open when a success states no amount or no currency', async () => {
    const order = await orderFor((await createMember(t)).id);
    const ctx = ctxAt(T0);
    expect(judge(ctx, order, status({ amount: null }))).toBeNull();
    expect(judge(ctx, order, status({ currency: null }))).toBeNull();
    expect(logged(WARN)).toEqual([
      'paiement confirmé sans montant ni devise',
      'paiement confirmé sans montant ni devise',
    ]);
    expect(lines[0]).toMatchObject({ orderId: order.id });
  });

  it("fails with the provider's reason, and closes an order pending past its time", async () => {
    const order = await orderFor((await createMember(t)).id);
    const young = ctxAt(new Date(T0.getTime() + PENDING_ORDER_TTL_MS));
    const old = ctxAt(new Date(T0.getTime() + PENDING_ORDER_TTL_MS + 1));
    expect(judge(young, order, status({ status: 'failed', reason: '12 refus' }))).toEqual({
      status: 'failed',
      reference: 'R1',
      reason: '12 refus',
    });
    expect(judge(young, order, status({ status: 'failed' }))).toMatchObject({ reason: 'failed' });
    expect(judge(young, order, status({ status: 'pending' }))).toBeNull();
    expect(judge(old, order, status({ status: 'pending' }))).toEqual({
      status: 'failed',
      reference: 'R1',
      reason: 'expired',
    });
    expect(judge(old, order, status({ status: 'unknown' }))).toBeNull();
    expect(PENDING_ORDER_TTL_MS).toBe(2 * 60 * 60 * 1000);
  });
});

describe('refreshing an order with its provider', () => {
  it('credits pack and bonus once when paid, tells the member, and keeps the answer', async () => {
    const m = await createMember(t, { coins: 5 });
    const order = await orderFor(m.id);
    moovSays({ status: '0', amount: 1000, 'trans-id': 'MV9', message: 'ok' });
    const done = await refreshOrder(ctxAt(T0), order);
    expect(done).toMatchObject({ status: 'success', provider_ref: 'MV9', failure_reason: null });
    expect(logged(30)).toContain('commande de pièces terminée');
    expect(await balanceOf(t, m.id)).toBe(125);
    const moves = await t.db.query(
      'SELECT amount, idempotency_key, meta FROM coin_movements WHERE user_id = $1',
      [m.id],
    );
    expect(moves).toEqual([
      {
        amount: 120,
        idempotency_key: `purchase:${order.id}`,
        meta: { order_id: order.id, payment_id: order.payment_id, pack_id: 1 },
      },
    ]);
    expect((await notificationsOf(t, m.id, 'payment_success')).map((n) => n.data)).toEqual([
      expect.objectContaining({ coins_received: 120, amount: 1000 }),
    ]);
    const kept = await t.db.query(
      'SELECT last_answer, last_answer_at FROM payment_orders WHERE id = $1',
      [order.id],
    );
    expect(kept[0]).toEqual({
      last_answer: {
        call: 'status',
        outcome: 'success',
        reason: '0 ok',
        reference: 'MV9',
        amount: 1000,
        currency: 'XOF',
      },
      last_answer_at: T0,
    });

    const before = calls;
    expect(await refreshOrder(ctxAt(T0), done ?? order)).toMatchObject({ status: 'success' });
    expect(calls).toBe(before);
    expect(
      await settleOrder(ctxAt(T0), order.id, { status: 'success', reference: null }),
    ).toMatchObject({
      status: 'success',
    });
    expect(await balanceOf(t, m.id)).toBe(125);
    expect(await notificationsOf(t, m.id, 'payment_success')).toHaveLength(1);
  });

  it('fails a refused order without coins, and tells the member', async () => {
    const m = await createMember(t);
    const order = await orderFor(m.id);
    moovSays({ status: '12', message: 'refus', 'trans-id': 'MV10' });
    expect(await refreshOrder(ctxAt(T0), order)).toMatchObject({
      status: 'failed',
      failure_reason: '12 refus',
      provider_ref: 'MV10',
    });
    expect(await balanceOf(t, m.id)).toBe(0);
    expect((await notificationsOf(t, m.id, 'payment_failed')).map((n) => n.data)).toEqual([
      expect.objectContaining({ amount: 1000 }),
    ]);
    expect(await notificationsOf(t, m.id, 'payment_success')).toEqual([]);
  });

  it('leaves an order pending on a waiting or unreadable answer, logging the latter', async () => {
    const m = await createMember(t);
    const order = await orderFor(m.id);
    moovSays({ status: '15' });
    expect(await refreshOrder(ctxAt(T0), order)).toMatchObject({ status: 'pending' });
    answer = { status: 200, body: 'pas du json', contentType: 'text/plain' };
    expect(await refreshOrder(ctxAt(T0), order)).toMatchObject({ status: 'pending' });
    expect(logged(WARN)).toEqual(['statut de paiement inconnu']);
    expect(lines[0]).toMatchObject({ orderId: order.id });
    expect(await notificationsOf(t, m.id, 'payment_failed')).toEqual([]);
  });

  it('leaves alone an order whose provider is not configured, and says so', async () => {
    const order = await orderFor((await createMember(t)).id, { provider: 'orange_bf' });
    const before = calls;
    expect(await refreshOrder(ctxAt(T0), order)).toBe(order);
    expect(calls).toBe(before);
    expect(logged(WARN)).toEqual(['fournisseur de la commande indisponible']);
    expect(lines[0]).toMatchObject({ orderId: order.id, provider: 'orange_bf' });
  });
});

describe('a payment confirmed on a closed order', () => {
  it('is logged as an error for staff, and credits nothing', async () => {
    const m = await createMember(t);
    const order = await orderFor(m.id);
    await settleOrder(ctxAt(T0), order.id, {
      status: 'failed',
      reference: null,
      reason: 'expired',
    });
    moovSays({ status: '0', amount: 1000 });
    const ctx = ctxAt(T0);
    await reportLatePayment(ctx, { ...order, status: 'failed', failure_reason: 'expired' });
    expect(logged(ERROR)).toEqual([
      'paiement confirmé sur une commande close : à régulariser à la main',
    ]);
    expect(lines[0]).toMatchObject({ orderId: order.id, userId: m.id, reason: 'expired' });
    expect(await balanceOf(t, m.id)).toBe(0);
    moovSays({ status: '12' });
    await reportLatePayment(ctxAt(T0), order);
    expect(logged(ERROR)).toEqual([]);
  });
});
