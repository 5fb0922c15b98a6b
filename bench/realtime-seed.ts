/**
 * The realtime bench's members, written straight into the database with set-based SQL: `count`
 * members with a complete profile and a session each, paired two by two (members 2k and 2k+1)
 * in a chat born of a match, so either may write to the other at once.
 */
import { CHAT_UNLOCK_COST } from '@app/shared';
import { hashToken, newToken } from '../packages/server/src/auth/tokens.js';
import type { Db } from '../packages/server/src/db/db.js';
import type { BenchPair, ClientMember } from './realtime-model.js';

export async function seedMembers(db: Db, count: number) {
  const users = await db.query<{ id: number }>(
    `INSERT INTO users (email, name, email_verified_at, profile_completed_at)
     SELECT 'rt' || g || '@bench.test', 'Membre ' || g, now(), now()
     FROM generate_series(1, $1::int) AS g ORDER BY g RETURNING id`,
    [count],
  );
  const members: ClientMember[] = users
    .map((u) => ({ id: u.id, token: newToken() }))
    .sort((a, b) => a.id - b.id);
  await db.query(
    `INSERT INTO sessions (user_id, token_hash) SELECT * FROM unnest($1::bigint[], $2::text[])`,
    [members.map((m) => m.id), members.map((m) => hashToken(m.token))],
  );
  const low: number[] = [];
  const high: number[] = [];
  for (let i = 0; i + 1 < members.length; i += 2) {
    low.push(members[i]?.id ?? 0);
    high.push(members[i + 1]?.id ?? 0);
  }
  const chats = await db.query<{ id: number; user_low_id: number }>(
    `WITH c AS (
       INSERT INTO chats (user_low_id, user_high_id, origin, unlock_cost)
       SELECT lo, hi, 'match', $3::int FROM unnest($1::bigint[], $2::bigint[]) AS p(lo, hi)
       RETURNING id, user_low_id, user_high_id
     ), parts AS (
       INSERT INTO chat_participants (chat_id, user_id)
       SELECT id, user_low_id FROM c UNION ALL SELECT id, user_high_id FROM c
     )
     SELECT id, user_low_id FROM c`,
    [low, high, CHAT_UNLOCK_COST],
  );
  // Statistics for the planner, as autovacuum keeps them on a live database: without them it
  // guessed 50 participants a chat and read all the members for every send (4 of its 7 ms).
  await db.exec('ANALYZE users, sessions, chats, chat_participants');
  const chatOf = new Map(chats.map((c) => [c.user_low_id, c.id]));
  const pairs: BenchPair[] = [];
  for (let i = 0; i + 1 < members.length; i += 2) {
    const [a, b] = [members[i], members[i + 1]];
    const chatId = a && chatOf.get(a.id);
    if (a && b && chatId) pairs.push({ chatId, members: [a, b] });
  }
  return { members, pairs };
}
