/**
 * A light signed-in call stays light (issue 19): every statement the app sends to the database
 * is counted, through a facade that wraps the real one, and one GET /api/user/profile — the
 * session lookup included — makes one round trip when nothing is remembered (issue 31), and none
 * while the session and the profile are (auth/session-cache.ts, profiles/profile-cache.ts); the
 * chat screens' presence heartbeat (POST /profile) makes at most two, then only its own write,
 * which marks the member seen.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/db.js';
import { countingApp } from './counting-db.js';
import { createMember } from './helpers.js';
import { recordMembersActivity } from '../src/auth/session.repository.js';
import { kyselyOf } from '../src/db/kysely.js';

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
 * member active (once per process and day, written with others' a moment later), left out here.
 */
async function statementsOf(memberId: number, call: () => Promise<{ statusCode: number }>) {
  expect((await call()).statusCode).toBe(200);
  await vi.waitFor(async () => {
    const marked = await db.query(`SELECT 1 FROM member_activity WHERE user_id = $1`, [memberId]);
    expect(marked).toHaveLength(1);
  }, 5000);
  app.deps.changes.heard([{ member: memberId }]);
  const cold = await counted(call);
  return { cold, warm: await counted(call) };
}

describe('database round trips of a light call', () => {
  it('reads the own profile in one statement, the session lookup included, then in none', async () => {
    const m = await likedMember();
    const get = () =>
      app.inject({
        method: 'GET',
        url: '/api/user/profile',
        headers: { authorization: `Bearer ${m.token}` },
      });
    const { cold, warm } = await statementsOf(m.id, get);
    expect(cold, cold.join('\n---\n')).toHaveLength(1);
    expect(warm, warm.join('\n---\n')).toHaveLength(0);
    const res = await get();
    expect(res.json().data).toMatchObject({
      id: m.id,
      name: 'Awa',
      stats: { likes_received: 1 },
      social_media: { joined_facebook: false, joined_tiktok: true, joined_youtube: false },
    });
  });

  it("marks many members' first call of the day active together", async () => {
    const members = await Promise.all(Array.from({ length: 6 }, () => likedMember()));
    seen.length = 0;
    const answers = await Promise.all(
      members.map((m) =>
        app.inject({
          method: 'GET',
          url: '/api/user/profile',
          headers: { authorization: `Bearer ${m.token}` },
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(members.map(() => 200));
    const ids = members.map((m) => m.id);
    await vi.waitFor(async () => {
      const marked = await db.query(
        `SELECT user_id FROM member_activity WHERE user_id = ANY($1::bigint[])`,
        [ids],
      );
      expect(marked).toHaveLength(6);
    }, 5000);
    const writes = seen.filter((q) => /insert into "member_activity"/i.test(q));
    // Six first calls within a moment: one statement, two if the moment straddled a write.
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.length).toBeLessThanOrEqual(2);
  });

  it('never marks an account deleted before its batch is written', async () => {
    const [kept, gone] = await Promise.all([likedMember(), likedMember()]);
    await db.query(`UPDATE users SET deleted_at = now() WHERE id = $1`, [gone.id]);
    await recordMembersActivity(kyselyOf(db), '2026-11-27', [kept.id, gone.id]);
    const marked = await db.query<{ user_id: number }>(
      `SELECT user_id FROM member_activity WHERE day = '2026-11-27' AND user_id = ANY($1::bigint[])`,
      [[kept.id, gone.id]],
    );
    expect(marked.map((r) => Number(r.user_id))).toEqual([kept.id]);
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
