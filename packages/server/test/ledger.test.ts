import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestApp, type TestApp } from './helpers.js';
import { applyMovement } from '../src/modules/coins/ledger.js';
import type { AppError } from '../src/errors.js';
import { hashPassword } from '../src/modules/auth/password.js';
import { kyselyOf } from '../src/db/kysely.js';

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
          applyMovement(
            kyselyOf(tx),
            {
              userId: m.id,
              amount: 50,
              reason: 'purchase',
              key: `order:${m.id}:1`,
            },
            t.app.deps.metrics,
          ),
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
          applyMovement(
            kyselyOf(tx),
            {
              userId: m.id,
              amount: -100,
              reason: 'chat_unlock',
              key: `unlock:${m.id}:${i}`,
            },
            t.app.deps.metrics,
          ),
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

describe('append-only ledger', () => {
  const movementOf = async (userId: number) => {
    await t.db.transaction((tx) =>
      applyMovement(
        kyselyOf(tx),
        {
          userId,
          amount: 30,
          reason: 'purchase',
          key: `order:${userId}:ao`,
        },
        t.app.deps.metrics,
      ),
    );
    const rows = await t.db.query<{ id: number }>(
      'SELECT id FROM coin_movements WHERE user_id = $1',
      [userId],
    );
    const id = rows[0]?.id;
    if (id === undefined) throw new Error('movement not written');
    return id;
  };
  const movementsOf = async (userId: number) =>
    t.db.query<{ amount: number; balance_after: number }>(
      'SELECT amount, balance_after FROM coin_movements WHERE user_id = $1',
      [userId],
    );

  it('refuses to change, remove or empty movements', async () => {
    const m = await createMember(t, { coins: 0 });
    const id = await movementOf(m.id);
    await expect(
      t.db.query('UPDATE coin_movements SET amount = 1000 WHERE id = $1', [id]),
    ).rejects.toThrow(/append-only/);
    await expect(t.db.query('DELETE FROM coin_movements WHERE id = $1', [id])).rejects.toThrow(
      /append-only/,
    );
    await expect(t.db.query('TRUNCATE coin_movements')).rejects.toThrow(/append-only/);
    expect(await movementsOf(m.id)).toEqual([{ amount: 30, balance_after: 30 }]);
  });

  it('refuses a hard delete of a member who has movements instead of erasing them', async () => {
    const m = await createMember(t, { coins: 0 });
    await movementOf(m.id);
    await expect(t.db.query('DELETE FROM users WHERE id = $1', [m.id])).rejects.toThrow();
    expect(await movementsOf(m.id)).toHaveLength(1);
  });

  it('keeps the movements of a deleted account, tied to its anonymised row', async () => {
    const m = await createMember(t, { coins: 0 });
    await movementOf(m.id);
    await t.db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [
      m.id,
      await hashPassword('Karite-Soleil-2025'),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      payload: { token: m.token, password: 'Karite-Soleil-2025' },
    });
    expect(res.statusCode).toBe(200);
    const user = await t.db.query<{ email: string; deleted_at: Date | null }>(
      'SELECT email, deleted_at FROM users WHERE id = $1',
      [m.id],
    );
    expect(user[0]?.email).toBe(`deleted-${m.id}@supprime.invalid`);
    expect(user[0]?.deleted_at).not.toBeNull();
    expect(await movementsOf(m.id)).toEqual([{ amount: 30, balance_after: 30 }]);
  });
});
