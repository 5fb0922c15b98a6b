/**
 * A light signed-in call stays light (issue 19): every statement the app sends to the database
 * is counted, through a facade that wraps the real one, and one GET /api/user/profile — the
 * session lookup included — makes at most two round trips when nothing is remembered, and none
 * while the session and the profile are (auth/session-cache.ts, profiles/profile-cache.ts); the
 * chat screens' presence heartbeat (POST /profile) makes at most two, then only its own write,
 * which marks the member seen.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/db.js';
import { countingApp } from './counting-db.js';
import { createMember } from './helpers.js';

let app: FastifyInstance;
let db: Db;
let close: () => Promise<void>;
const seen: string[] = [];

beforeAll(async () => {
  ({ app, db, close } = await countingApp(seen));
});
afterAll(() => close());

/** A member with a like received and a social network's reward, so every counter has rows. */
async function likedMember() {
  const m = await createMember({ db }, { name: 'Awa' });
  const fan = await createMember({ db });
  await db.query(`INSERT INTO swipes (swiper_id, target_id, action) VALUES ($1, $2, 'like')`, [
    fan.id,
    m.id,
  ]);
  await db.query(
    `INSERT INTO coin_movements (user_id, amount, balance_after, reason, idempotency_key)
     VALUES ($1, 20, 20, 'social_join', $2)`,
    [m.id, `social_join:${m.id}:tiktok`],
  );
  return m;
}

/** The statements `call` sends. */
async function counted(call: () => Promise<{ statusCode: number }>) {
  seen.length = 0;
  expect((await call()).statusCode).toBe(200);
  return [...seen];
}

/**
 * The statements of `call` with nothing remembered of the member (`cold`, as after any change
 * of theirs), then made again (`warm`). The first signed-in call of the day also marks the
 * member active (once per process and day, not awaited by the call), left out here.
 */
async function statementsOf(memberId: number, call: () => Promise<{ statusCode: number }>) {
  expect((await call()).statusCode).toBe(200);
  await vi.waitFor(async () => {
    const marked = await db.query(`SELECT 1 FROM member_activity WHERE user_id = $1`, [memberId]);
    expect(marked).toHaveLength(1);
  });
  app.deps.changes.heard([{ member: memberId }]);
  const cold = await counted(call);
  return { cold, warm: await counted(call) };
}

describe('database round trips of a light call', () => {
  it('reads the own profile in two statements, the session lookup included, then in none', async () => {
    const m = await likedMember();
    const get = () =>
      app.inject({
        method: 'GET',
        url: '/api/user/profile',
        headers: { authorization: `Bearer ${m.token}` },
      });
    const { cold, warm } = await statementsOf(m.id, get);
    expect(cold.length, cold.join('\n---\n')).toBeLessThanOrEqual(2);
    expect(cold.length, 'the cold call reads the session and the profile').toBeGreaterThan(0);
    expect(warm, warm.join('\n---\n')).toHaveLength(0);
    const res = await get();
    expect(res.json().data).toMatchObject({
      id: m.id,
      name: 'Awa',
      stats: { likes_received: 1 },
      social_media: { joined_facebook: false, joined_tiktok: true, joined_youtube: false },
    });
  });

  it('answers the presence heartbeat in two statements and marks the member seen', async () => {
    const m = await likedMember();
    const heartbeat = () =>
      app.inject({ method: 'POST', url: '/api/profile', payload: { token: m.token } });
    const { cold, warm } = await statementsOf(m.id, heartbeat);
    expect(cold.length, cold.join('\n---\n')).toBeLessThanOrEqual(2);
    expect(warm.length, warm.join('\n---\n')).toBeLessThanOrEqual(1);
    await db.query(`UPDATE users SET last_seen_at = NULL WHERE id = $1`, [m.id]);
    await counted(heartbeat);
    const [row] = await db.query<{ seen: boolean }>(
      `SELECT last_seen_at IS NOT NULL AS seen FROM users WHERE id = $1`,
      [m.id],
    );
    expect(row?.seen).toBe(true);
  });
});
