import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestApp, type TestApp } from './helpers.js';
import { applyMovement } from '../src/modules/coins/ledger.js';
import type { AppError } from '../src/errors.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const balance = async (id: number) =>
  (await t.db.query<{ coins: number }>('SELECT coins FROM users WHERE id = $1', [id]))[0]?.coins;

describe('coin ledger', () => {
  it('applies a movement once per idempotency key, even when calls race', async () => {
    const m = await createMember(t, { coins: 0 });
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.db.transaction((tx) =>
          applyMovement(tx, {
            userId: m.id,
            amount: 50,
            reason: 'purchase',
            key: `order:${m.id}:1`,
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect(await balance(m.id)).toBe(50);
    const rows = await t.db.query('SELECT * FROM coin_movements WHERE user_id = $1', [m.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: 50, balance_after: 50, reason: 'purchase' });
  });

  it('never lets a balance go below zero when debits race, and records nothing for a refused one', async () => {
    const m = await createMember(t, { coins: 150 });
    const outcomes = await Promise.allSettled(
      [1, 2, 3].map((i) =>
        t.db.transaction((tx) =>
          applyMovement(tx, {
            userId: m.id,
            amount: -100,
            reason: 'chat_unlock',
            key: `unlock:${m.id}:${i}`,
          }),
        ),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected');
    expect(refused && refused.status === 'rejected' && (refused.reason as AppError).message).toBe(
      'Pièces insuffisantes',
    );
    expect(await balance(m.id)).toBe(50);
    const rows = await t.db.query('SELECT balance_after FROM coin_movements WHERE user_id = $1', [
      m.id,
    ]);
    expect(rows).toEqual([{ balance_after: 50 }]);
  });
});
