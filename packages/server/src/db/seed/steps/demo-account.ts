/**
 * Demo seed step: a lived-in demo account, so every screen has something to show once signed
 * in as demo@rencontre.bf. Written to the app's own tables under the app's rules:
 *
 * - Likes received: a dozen members liked the demo account (swipes), each with its
 *   'profile_like' notification. Those still waiting for an answer are among the first cards of
 *   its swipe deck (demo-account/deck.ts), so liking one there shows the match screen.
 * - Matches: the demo account liked four of them back. As in swipe.service.ts, each match has a
 *   'match' chat (never locked; the first liker's participant row first) and a 'match'
 *   notification for both members.
 * - Chats with text messages: two lively match chats, one brand-new match without messages, one
 *   contact chat where a member sent the free introduction (locked for that member until the
 *   demo account answers, lock-rule.ts) and one the demo account started and the other member
 *   answered (the answer lifts the lock for free). Some messages are unread, and every message
 *   has its 'chat_message' notification to its recipient (read when the message is).
 * - A welcome notification.
 *
 * Only visible members with no block either way and no earlier swipe or chat with the demo
 * account take part. No coins move (nothing here costs any).
 *
 * This file finds the demo account and its members and runs the step; demo-account/plan.ts
 * plans the rows (likes.ts, chats.ts, notifications.ts) and demo-account/insert.ts writes them.
 */
import type { Sql } from '../../db.js';
import type { SeedContext, SeedStep } from '../seed-context.js';
import { insertOnce } from '../seed-context.js';
import { createRng } from '../rng.js';
import { DEMO_ACCOUNT, type Gender } from '../demo-members.js';
import { photoUrls } from '../../../adapters/images/photos.js';
import type { Storage } from '../../../adapters/storage/storage.js';
import { visibleMemberSql } from '../../../modules/account/index.js';
import { notBlockedSql } from '../../../modules/safety/index.js';
import { deckFrontIds } from './demo-account/deck.js';
import { insertPlan } from './demo-account/insert.js';
import type { ActivityMember } from './demo-account/model.js';
import { planDemoActivity } from './demo-account/plan.js';

export type { ActivityMember } from './demo-account/model.js';
export { planDemoActivity } from './demo-account/plan.js';

const ACTIVITY_SEED = 0xde3a0ac7;

async function findDemoAccount(sql: Sql) {
  const rows = await sql.query<{ id: number }>(
    `SELECT id FROM users WHERE email = $1 AND is_demo`,
    [DEMO_ACCOUNT.email],
  );
  return rows[0]?.id ?? null;
}

/** Done once a demo member liked the demo account (demo members cannot sign in: only the seed). */
async function hasDemoActivity(sql: Sql) {
  const me = await findDemoAccount(sql);
  if (me === null) return true;
  const rows = await sql.query(
    `SELECT 1 FROM swipes s JOIN users u ON u.id = s.swiper_id
      WHERE s.target_id = $1 AND u.is_demo LIMIT 1`,
    [me],
  );
  return rows.length > 0;
}

type MemberRow = {
  id: number;
  name: string;
  gender: Gender;
  photo_key: string | null;
  locality: string | null;
  created_at: Date;
  lat: number | null;
  lng: number | null;
  last_seen_at: Date | null;
  fuzz_lat: number | null;
  fuzz_lng: number | null;
  passions: string[];
};
const MEMBER_COLUMNS = `u.id, u.name, u.gender, u.photo_key, u.locality, u.created_at, u.lat, u.lng,
  u.last_seen_at, u.fuzz_pos[1] AS fuzz_lat, u.fuzz_pos[0] AS fuzz_lng, u.passions`;
const toMember = (r: MemberRow): ActivityMember => ({
  id: r.id,
  name: r.name,
  gender: r.gender,
  photoKey: r.photo_key,
  locality: r.locality,
  createdAt: new Date(r.created_at),
});

/**
 * The demo account, the members allowed to take part (visible, no block, no history) and, of
 * them, the front of its swipe deck.
 */
async function findParticipants(sql: Sql, meId: number, now: Date) {
  const me = await sql.query<MemberRow>(`SELECT ${MEMBER_COLUMNS} FROM users u WHERE u.id = $1`, [
    meId,
  ]);
  const candidates = await sql.query<MemberRow>(
    `SELECT ${MEMBER_COLUMNS} FROM users u
      WHERE u.is_demo AND u.id <> $1 AND u.name IS NOT NULL AND u.gender IS NOT NULL
        AND ${visibleMemberSql('u')} AND ${notBlockedSql('$1', 'u.id')}
        AND NOT EXISTS (SELECT 1 FROM swipes s WHERE (s.swiper_id = $1 AND s.target_id = u.id)
                                                  OR (s.swiper_id = u.id AND s.target_id = $1))
        AND NOT EXISTS (SELECT 1 FROM chats c WHERE c.user_low_id = least($1::bigint, u.id)
                                                AND c.user_high_id = greatest($1::bigint, u.id))
      ORDER BY u.id`,
    [meId],
  );
  const row = me[0];
  if (!row) return null;
  const front = deckFrontIds(row, candidates, now);
  const byId = new Map(candidates.map((c) => [c.id, toMember(c)]));
  return {
    me: toMember(row),
    candidates: candidates.map(toMember),
    deckFront: front.flatMap((id) => byId.get(id) ?? []),
  };
}

const thumbOf = (storage: Storage) => (key: string | null) =>
  key ? photoUrls(storage, key).thumb : null;

export const demoAccountStep: SeedStep = {
  name: 'activité du compte de démonstration',
  isDone: hasDemoActivity,
  async run(ctx: SeedContext) {
    const meId = await findDemoAccount(ctx.db);
    if (meId === null) return 0;
    const people = await findParticipants(ctx.db, meId, ctx.now);
    if (!people) return 0;
    const plan = planDemoActivity(
      createRng(ACTIVITY_SEED),
      people.me,
      people.candidates,
      ctx.now,
      thumbOf(ctx.storage),
      people.deckFront,
    );
    return insertOnce(ctx.db, hasDemoActivity, (tx) => insertPlan(tx, plan));
  },
};
