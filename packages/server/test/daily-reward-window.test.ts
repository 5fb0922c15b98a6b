/**
 * Today's reward window once a day, whatever the device: the server remembers the day it was
 * shown (/daily-rewards/info answers seen_today) and the claim made as it opens
 * (/daily-rewards/seen) answers first to one device only, even when two ask at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../src/auth/session.repository.js';
import { kyselyOf } from '../src/db/kysely.js';
import { createMember, createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, token?: string) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload: token ? { token } : {} });
const seenToday = async (token: string) =>
  (await post('/daily-rewards/info', token)).json().data.seen_today as boolean;
const claim = async (token: string) => {
  const res = await post('/daily-rewards/seen', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.first as boolean;
};

/** A member signed in on two phones: two sessions. */
async function memberOnTwoPhones() {
  const m = await createMember(t);
  return { ...m, second: await createSession(kyselyOf(t.db), m.id) };
}

describe('the daily reward window', () => {
  it('is shown on the first phone only: the second one hears it was seen today', async () => {
    const m = await memberOnTwoPhones();
    expect(await seenToday(m.token)).toBe(false);
    expect(await seenToday(m.second)).toBe(false);

    expect(await claim(m.token)).toBe(true);
    expect(await seenToday(m.second)).toBe(true);
    expect(await claim(m.second)).toBe(false);
    expect(await claim(m.token)).toBe(false);

    // Another member's day is their own.
    const other = await createMember(t);
    expect(await seenToday(other.token)).toBe(false);
  });

  it('gives first to one of two phones claiming at once', async () => {
    const m = await memberOnTwoPhones();
    const answers = await Promise.all([claim(m.token), claim(m.second)]);
    expect(answers.filter(Boolean)).toHaveLength(1);
  });

  it('is due again the next day', async () => {
    const m = await memberOnTwoPhones();
    expect(await claim(m.token)).toBe(true);
    await t.db.query(`UPDATE daily_reward_views SET day = day - 1 WHERE user_id = $1`, [m.id]);
    expect(await seenToday(m.second)).toBe(false);
    expect(await claim(m.second)).toBe(true);
    expect(await seenToday(m.token)).toBe(true);
  });

  it('asks for a session', async () => {
    expect((await post('/daily-rewards/seen')).statusCode).toBe(401);
  });
});
