/**
 * Shared by the payment tests: calls with the session as a bearer header, balances, ledger
 * rows, orders, notifications, and the ledger audit every payment test ends with.
 */
import crypto from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from '../helpers.js';
import { findLedgerMismatches } from '../../src/modules/coins/ledger-audit.repository.js';
import { FAKE_ORANGE } from './orange-bf.js';
import { FAKE_MOOV } from './moov-bf.js';
import { kyselyOf } from '../../src/db/kysely.js';

export const call = (
  t: TestApp,
  url: string,
  payload: object = {},
  token?: string,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload,
    headers: token ? { authorization: `Bearer ${token}`, ...headers } : headers,
  });

export async function balanceOf(t: TestApp, userId: number): Promise<number | undefined> {
  const rows = await t.db.query<{ coins: number }>('SELECT coins FROM users WHERE id = $1', [
    userId,
  ]);
  return rows[0]?.coins;
}

export const purchaseMovements = (t: TestApp, userId: number) =>
  t.db.query<{ amount: number; idempotency_key: string; reason: string }>(
    `SELECT amount, idempotency_key, reason FROM coin_movements
      WHERE user_id = $1 AND reason = 'purchase' ORDER BY id`,
    [userId],
  );

export interface OrderView extends Record<string, unknown> {
  id: number;
  payment_id: string;
  status: string;
  amount: number;
  coins: number;
  bonus: number;
  provider: string;
  method: string;
  provider_ref: string | null;
  failure_reason: string | null;
}

export async function orderOf(t: TestApp, paymentId: string): Promise<OrderView> {
  const rows = await t.db.query<OrderView>('SELECT * FROM payment_orders WHERE payment_id = $1', [
    paymentId,
  ]);
  const row = rows[0];
  if (!row) throw new Error(`no order ${paymentId}`);
  return row;
}

export const notificationsOf = (t: TestApp, userId: number, type: string) =>
  t.db.query<{ data: Record<string, unknown> }>(
    'SELECT data FROM notifications WHERE user_id = $1 AND type = $2 ORDER BY id',
    [userId, type],
  );

/** Every member's balance equals the sum of their movements (and the last balance_after). */
export async function expectBooksBalanced(t: TestApp) {
  expect(await findLedgerMismatches(kyselyOf(t.db))).toEqual([]);
}

/** A fresh 10-digit payment id, as the browser makes them (ends in 1: the simulator's success). */
export const newPaymentId = (lastDigit = 1): string =>
  `${crypto.randomInt(100_000_000, 1_000_000_000)}${lastDigit}`;

/** The configuration of an app whose Orange Money and Moov Money are the local fakes. */
export const mobileMoneyEnv = (
  om: { url: string },
  mm: { url: string },
  timeoutMs: number,
): Record<string, string> => ({
  ORANGE_BF_URL: om.url,
  ORANGE_BF_USERNAME: FAKE_ORANGE.username,
  ORANGE_BF_PASSWORD: FAKE_ORANGE.password,
  ORANGE_BF_MERCHANT_NUMBER: FAKE_ORANGE.merchantNumber,
  MOOV_BF_URL: mm.url,
  MOOV_BF_USERNAME: FAKE_MOOV.username,
  MOOV_BF_PASSWORD: FAKE_MOOV.password,
  PAYMENT_TIMEOUT_MS: String(timeoutMs),
});
