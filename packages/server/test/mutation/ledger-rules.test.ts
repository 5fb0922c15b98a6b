/**
 * The coin ledger's edge rules, straight on the database (no app): which amounts it takes, what
 * a refused debit tells the client, a debit down to exactly zero, a repeated key's answer.
 * Written to kill the mutants of npm run test:mutation (module coin-ledger).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@app/shared';
import { applyMovement, hasMovement, type Movement } from '../../src/modules/coins/ledger.js';
import { AppError } from '../../src/errors.js';
import { createMember, freshDb } from '../helpers.js';
import type { Db } from '../../src/db/db.js';
import { kyselyOf } from '../../src/db/kysely.js';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await freshDb());
});
afterAll(() => drop());

/** The ledger counts what it moves; these rules are about the rows. */
const metrics = { coinsMoved: () => undefined };
const apply = (m: Movement) => db.transaction((tx) => applyMovement(kyselyOf(tx), m, metrics));
const stateOf = async (userId: number) => ({
  coins: (await db.query<{ coins: number }>('SELECT coins FROM users WHERE id = $1', [userId]))[0]
    ?.coins,
  movements: await db.query('SELECT amount FROM coin_movements WHERE user_id = $1', [userId]),
});
const refusal = async (p: Promise<unknown>) => {
  const err: unknown = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof Error)) throw new Error('expected a refusal');
  return err;
};

describe('coin ledger rules', () => {
  it('refuses a zero or fractional amount and writes nothing', async () => {
    const m = await createMember({ db }, { coins: 10 });
    for (const amount of [0, 1.5, -0.5]) {
      const err = await refusal(
        apply({ userId: m.id, amount, reason: 'purchase', key: `x:${amount}` }),
      );
      expect(err.message).toBe('invalid coin amount');
    }
    expect(await stateOf(m.id)).toEqual({ coins: 10, movements: [] });
  });

  it('answers 404 for a member who does not exist', async () => {
    const err = await refusal(
      apply({ userId: 999_999, amount: 5, reason: 'purchase', key: 'none' }),
    );
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'not_found', status: 404, message: MSG.notFound });
  });

  it('lets a debit take the balance to exactly zero', async () => {
    const m = await createMember({ db }, { coins: 100 });
    const r = await apply({ userId: m.id, amount: -100, reason: 'chat_unlock', key: `z:${m.id}` });
    expect(r).toEqual({ applied: true, balance: 0 });
    expect(await stateOf(m.id)).toEqual({ coins: 0, movements: [{ amount: -100 }] });
  });

  it('tells the client what a refused debit needed, as a 422', async () => {
    const m = await createMember({ db }, { coins: 40 });
    const err = await refusal(
      apply({ userId: m.id, amount: -100, reason: 'chat_unlock', key: `r:${m.id}` }),
    );
    expect(err).toMatchObject({
      code: 'insufficient_coins',
      status: 422,
      message: 'Pièces insuffisantes',
      extra: { insufficient_coins: true, required_coins: 100, user_coins: 40 },
    });
    expect(await stateOf(m.id)).toEqual({ coins: 40, movements: [] });
  });

  it('answers the current balance, unchanged, for a key already used', async () => {
    const m = await createMember({ db }, { coins: 5 });
    const key = `k:${m.id}`;
    expect(await apply({ userId: m.id, amount: 20, reason: 'purchase', key })).toEqual({
      applied: true,
      balance: 25,
    });
    expect(await apply({ userId: m.id, amount: 20, reason: 'purchase', key })).toEqual({
      applied: false,
      balance: 25,
    });
  });

  it('records the reason and meta of a movement, and knows which keys were used', async () => {
    const m = await createMember({ db }, { coins: 0 });
    const key = `meta:${m.id}`;
    expect(await hasMovement(kyselyOf(db), key)).toBe(false);
    await apply({ userId: m.id, amount: 7, reason: 'daily_bonus', key, meta: { day: 'lundi' } });
    await apply({ userId: m.id, amount: 3, reason: 'daily_bonus', key: `${key}:b` });
    expect(await hasMovement(kyselyOf(db), key)).toBe(true);
    const rows = await db.query(
      'SELECT reason, balance_after, meta FROM coin_movements WHERE user_id = $1 ORDER BY id',
      [m.id],
    );
    expect(rows).toEqual([
      { reason: 'daily_bonus', balance_after: 7, meta: { day: 'lundi' } },
      { reason: 'daily_bonus', balance_after: 10, meta: {} },
    ]);
  });
});
