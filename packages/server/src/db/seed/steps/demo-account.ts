/**
 * Demo seed step: a lived-in demo account, so every screen has something to show once signed
 * in as demo@rencontre.bf. Written to the app's own tables under the app's rules:
 *
 * - Likes received: a dozen members liked the demo account (swipes), each with its
 *   'profile_like' notification.
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
 */
import { NOTIFICATION_INFO, type TNotificationData, type TNotificationType } from '@app/shared';
import type { Sql } from '../../db.js';
import type { SeedContext, SeedStep } from '../seed-context.js';
import { insertOnce } from '../seed-context.js';
import { createRng, type Rng } from '../rng.js';
import { DEMO_ACCOUNT, genderize, type Gender } from '../demo-members.js';
import {
  CALM_MATCH,
  CONTACT_ANSWERED,
  CONTACT_INTRODUCTION,
  LIVELY_MATCH,
  NEW_MATCH,
  type ScriptLine,
} from '../data/conversations.js';
import { photoUrls } from '../../../adapters/images/photos.js';
import type { Storage } from '../../../adapters/storage/storage.js';
import { visibleMemberSql } from '../../../modules/account/visibility.js';
import { notBlockedSql } from '../../../modules/safety/blocks.js';

const ACTIVITY_SEED = 0xde3a0ac7;
export const DEMO_LIKES_RECEIVED = 12;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** Notifications older than this were read; newer ones wait in the bell. */
const READ_BEFORE_MS = 2 * DAY_MS;

export const WELCOME_MESSAGE =
  'Bienvenue sur Rencontre ! Découvrez nos packs de pièces pour débloquer plus de discussions.';

export interface ActivityMember {
  id: number;
  name: string;
  gender: Gender;
  photoKey: string | null;
  locality: string | null;
  createdAt: Date;
}

export interface PlannedMessage {
  senderId: number;
  content: string;
  createdAt: Date;
  status: 'sent' | 'delivered' | 'read';
  deliveredAt: Date | null;
  readAt: Date | null;
}

export interface PlannedChat {
  /** The member who started the chat (the lock rule's "sender": first participant row). */
  firstId: number;
  secondId: number;
  origin: 'match' | 'contact';
  lockedSender: boolean;
  unlockedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  messages: PlannedMessage[];
}

export interface PlannedNotification {
  userId: number;
  type: TNotificationType;
  data: TNotificationData;
  /** The chat of this pair, filled in once the chat has an id. */
  chatWith?: { a: number; b: number };
  createdAt: Date;
  readAt: Date | null;
}

export interface ActivityPlan {
  swipes: { swiperId: number; targetId: number; at: Date }[];
  chats: PlannedChat[];
  notifications: PlannedNotification[];
}

const firstName = (name: string) => name.split(' ')[0] ?? name;
const cityOf = (locality: string | null) =>
  locality?.includes('Bobo-Dioulasso') ? 'Bobo-Dioulasso' : 'Ouagadougou';
const preview = (content: string) => content.slice(0, 80);

/**
 * What to write, as plain data: same members and clock, same plan. `candidates` are ordered;
 * the demo account's preferred gender comes first, as in the swipe deck.
 */
export function planDemoActivity(
  rng: Rng,
  me: ActivityMember,
  candidates: readonly ActivityMember[],
  now: Date,
  photos: (key: string | null) => string | null,
): ActivityPlan {
  const t = now.getTime();
  const preferred = me.gender === 'homme' ? 'femme' : 'homme';
  const pool = [
    ...rng.sample(
      candidates.filter((c) => c.gender === preferred),
      candidates.length,
    ),
    ...rng.sample(
      candidates.filter((c) => c.gender !== preferred),
      candidates.length,
    ),
  ];
  const likers = pool.slice(0, DEMO_LIKES_RECEIVED);
  const [contactIn, contactOut] = pool.slice(DEMO_LIKES_RECEIVED, DEMO_LIKES_RECEIVED + 2);
  const plan: ActivityPlan = { swipes: [], chats: [], notifications: [] };
  const notify = (
    userId: number,
    type: TNotificationType,
    data: TNotificationData,
    at: Date,
    readAt: Date | null = t - at.getTime() > READ_BEFORE_MS
      ? new Date(at.getTime() + HOUR_MS)
      : null,
    chatWith?: { a: number; b: number },
  ) => plan.notifications.push({ userId, type, data, createdAt: at, readAt, chatWith });

  // Welcome, the day the account was made.
  const welcomeAt = new Date(me.createdAt.getTime() + 10 * MINUTE_MS);
  notify(
    me.id,
    'promotion',
    { message: WELCOME_MESSAGE },
    welcomeAt,
    new Date(welcomeAt.getTime() + HOUR_MS),
  );

  // Likes over the last twelve days, the newest a few hours ago; the four newest became matches
  // (the freshest activity is what the chats screen shows first).
  const likeTimes = likers
    .map(() => t - (3 * HOUR_MS + rng.next() * 12 * DAY_MS))
    .sort((a, b) => b - a);
  likers.forEach((liker, i) => {
    const at = new Date(Math.max(likeTimes[i] ?? t, liker.createdAt.getTime() + HOUR_MS));
    plan.swipes.push({ swiperId: liker.id, targetId: me.id, at });
    notify(
      me.id,
      'profile_like',
      {
        liker_id: liker.id,
        liker_name: liker.name,
        liker_photo: photos(liker.photoKey),
      },
      at,
    );
  });

  const scripts = [LIVELY_MATCH, CALM_MATCH, NEW_MATCH, []] as const;
  likers.slice(0, scripts.length).forEach((them, i) => {
    const likedAt = plan.swipes[i]?.at.getTime() ?? t - DAY_MS;
    // The demo account liked back between 20 minutes and 2 hours later.
    const matchedAt = new Date(
      Math.min(likedAt + (20 + rng.next() * 100) * MINUTE_MS, t - 30 * MINUTE_MS),
    );
    plan.swipes.push({ swiperId: me.id, targetId: them.id, at: matchedAt });
    const pair = { a: me.id, b: them.id };
    notify(
      them.id,
      'match',
      { name: me.name, liker_id: me.id, liker_photo: photos(me.photoKey) },
      matchedAt,
      undefined,
      pair,
    );
    notify(
      me.id,
      'match',
      { name: them.name, liker_id: them.id, liker_photo: photos(them.photoKey) },
      matchedAt,
      undefined,
      pair,
    );
    const messages = converse(rng, me, them, scripts[i] ?? [], matchedAt.getTime(), t, {
      unreadTail: i === 0 ? 2 : i === 2 ? 1 : 0,
    });
    plan.chats.push({
      firstId: them.id,
      secondId: me.id,
      origin: 'match',
      lockedSender: false,
      unlockedAt: null,
      createdAt: matchedAt,
      updatedAt: messages.at(-1)?.createdAt ?? matchedAt,
      messages,
    });
  });

  if (contactIn) {
    const start = t - (5 + rng.next() * 20) * HOUR_MS;
    const messages = converse(rng, me, contactIn, CONTACT_INTRODUCTION, start, t, {
      unreadTail: 1,
    });
    // The introduction was free; the chat is now locked for its sender until an answer.
    plan.chats.push({
      firstId: contactIn.id,
      secondId: me.id,
      origin: 'contact',
      lockedSender: true,
      unlockedAt: null,
      createdAt: new Date(start),
      updatedAt: messages.at(-1)?.createdAt ?? new Date(start),
      messages,
    });
  }
  if (contactOut) {
    const start = t - (2 + rng.next() * 2) * DAY_MS;
    const messages = converse(rng, me, contactOut, CONTACT_ANSWERED, start, t, { unreadTail: 1 });
    // The answer (first message of the other member) lifted the sender's lock for free.
    const answer = messages.find((m) => m.senderId === contactOut.id);
    plan.chats.push({
      firstId: me.id,
      secondId: contactOut.id,
      origin: 'contact',
      lockedSender: false,
      unlockedAt: answer?.createdAt ?? null,
      createdAt: new Date(start),
      updatedAt: messages.at(-1)?.createdAt ?? new Date(start),
      messages,
    });
  }

  // Every message notified its recipient, read when the message was.
  const byId = new Map(
    [me, ...likers, contactIn, contactOut].flatMap((m) => (m ? [[m.id, m]] : [])),
  );
  for (const chat of plan.chats) {
    for (const m of chat.messages) {
      const recipient = m.senderId === chat.firstId ? chat.secondId : chat.firstId;
      const content = preview(m.content);
      notify(
        recipient,
        'chat_message',
        {
          sender_id: m.senderId,
          sender_name: byId.get(m.senderId)?.name ?? 'Un membre',
          preview: content,
          message: content,
        },
        m.createdAt,
        m.readAt,
        { a: chat.firstId, b: chat.secondId },
      );
    }
  }
  plan.notifications.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return plan;
}

/**
 * The script's messages from `start`, minutes apart, ending well before `now`. Messages to the
 * demo account in the last `unreadTail` lines wait unread ('sent'); every other message was
 * delivered and read a little after it was sent (the demo account's last one is delivered only
 * when the other member has not answered yet).
 */
function converse(
  rng: Rng,
  me: ActivityMember,
  them: ActivityMember,
  script: readonly ScriptLine[],
  start: number,
  now: number,
  opts: { unreadTail: number },
): PlannedMessage[] {
  const span = Math.max(0, now - 15 * MINUTE_MS - start);
  const step = script.length > 1 ? Math.min(span / script.length, 3 * HOUR_MS) : 0;
  let at = start + Math.min(span, 5 * MINUTE_MS + rng.next() * 30 * MINUTE_MS);
  return script.map((line, i) => {
    if (i > 0) at += step * (0.5 + rng.next() * 0.5);
    const speaker = line.from === 'me' ? me : them;
    const addressee = line.from === 'me' ? them : me;
    const content = genderize(line.text, speaker.gender)
      .replace(/\{name\}/g, firstName(addressee.name))
      .replace(/\{city\}/g, cityOf(me.locality));
    const createdAt = new Date(at);
    const isLast = i === script.length - 1;
    const unread = line.from === 'them' && i >= script.length - opts.unreadTail;
    if (unread) {
      return {
        senderId: them.id,
        content,
        createdAt,
        status: 'sent',
        deliveredAt: null,
        readAt: null,
      };
    }
    const deliveredAt = new Date(at + rng.int(1, 5) * 1000);
    if (line.from === 'me' && isLast) {
      return {
        senderId: me.id,
        content,
        createdAt,
        status: 'delivered',
        deliveredAt,
        readAt: null,
      };
    }
    const readAt = new Date(Math.min(at + rng.int(1, 20) * MINUTE_MS, now));
    return { senderId: speaker.id, content, createdAt, status: 'read', deliveredAt, readAt };
  });
}

// --- database ------------------------------------------------------------------------------

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
};
const toMember = (r: MemberRow): ActivityMember => ({
  id: r.id,
  name: r.name,
  gender: r.gender,
  photoKey: r.photo_key,
  locality: r.locality,
  createdAt: new Date(r.created_at),
});

/** The demo account and the members allowed to take part (visible, no block, no history). */
async function findParticipants(sql: Sql, meId: number) {
  const me = await sql.query<MemberRow>(
    `SELECT id, name, gender, photo_key, locality, created_at FROM users WHERE id = $1`,
    [meId],
  );
  const candidates = await sql.query<MemberRow>(
    `SELECT u.id, u.name, u.gender, u.photo_key, u.locality, u.created_at FROM users u
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
  return row ? { me: toMember(row), candidates: candidates.map(toMember) } : null;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;
const pairKey = (a: number, b: number) => `${Math.min(a, b)}:${Math.max(a, b)}`;

async function insertPlan(tx: Sql, plan: ActivityPlan): Promise<number> {
  await tx.query(
    `INSERT INTO swipes (swiper_id, target_id, action, created_at, updated_at)
     SELECT s, t, 'like', a, a FROM unnest($1::bigint[], $2::bigint[], $3::timestamptz[]) AS x(s, t, a)
     ON CONFLICT DO NOTHING`,
    [
      plan.swipes.map((s) => s.swiperId),
      plan.swipes.map((s) => s.targetId),
      plan.swipes.map((s) => iso(s.at)),
    ],
  );

  const chats = plan.chats;
  const chatRows = await tx.query<{ id: number; user_low_id: number; user_high_id: number }>(
    `INSERT INTO chats (user_low_id, user_high_id, origin, locked_sender, unlocked_at, created_at, updated_at)
     SELECT least(f, s), greatest(f, s), o, l, u, c, m
       FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::boolean[], $5::timestamptz[],
                   $6::timestamptz[], $7::timestamptz[]) AS x(f, s, o, l, u, c, m)
     ON CONFLICT DO NOTHING RETURNING id, user_low_id, user_high_id`,
    [
      chats.map((c) => c.firstId),
      chats.map((c) => c.secondId),
      chats.map((c) => c.origin),
      chats.map((c) => c.lockedSender),
      chats.map((c) => iso(c.unlockedAt)),
      chats.map((c) => iso(c.createdAt)),
      chats.map((c) => iso(c.updatedAt)),
    ],
  );
  const chatId = new Map(chatRows.map((r) => [pairKey(r.user_low_id, r.user_high_id), r.id]));
  const created = chats.flatMap((c) => {
    const id = chatId.get(pairKey(c.firstId, c.secondId));
    return id === undefined ? [] : [{ ...c, id }];
  });

  // The starter's participant row first, in its own statement, so it holds the lower id.
  for (const side of ['firstId', 'secondId'] as const) {
    await tx.query(
      `INSERT INTO chat_participants (chat_id, user_id, created_at)
       SELECT c, u, a FROM unnest($1::bigint[], $2::bigint[], $3::timestamptz[]) AS x(c, u, a)`,
      [created.map((c) => c.id), created.map((c) => c[side]), created.map((c) => iso(c.createdAt))],
    );
  }

  // Oldest first, so message ids follow time as they do when members write.
  const messages = created
    .flatMap((c) => c.messages.map((m) => ({ ...m, chatId: c.id })))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  await tx.query(
    `INSERT INTO messages (chat_id, sender_id, type, content, status, delivered_at, read_at, created_at)
     SELECT c, s, 'text', t, st, d, r, a
       FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[], $5::timestamptz[],
                   $6::timestamptz[], $7::timestamptz[]) WITH ORDINALITY AS x(c, s, t, st, d, r, a, n)
      ORDER BY n`,
    [
      messages.map((m) => m.chatId),
      messages.map((m) => m.senderId),
      messages.map((m) => m.content),
      messages.map((m) => m.status),
      messages.map((m) => iso(m.deliveredAt)),
      messages.map((m) => iso(m.readAt)),
      messages.map((m) => iso(m.createdAt)),
    ],
  );

  // Oldest first too: the bell lists notifications by id, newest first.
  const notifications = plan.notifications.map((n) => {
    const id = n.chatWith ? chatId.get(pairKey(n.chatWith.a, n.chatWith.b)) : undefined;
    const data: TNotificationData = id === undefined ? n.data : { chat_id: id, ...n.data };
    const info = NOTIFICATION_INFO[n.type];
    return { ...n, data, title: info.title, message: info.message(data) };
  });
  await tx.query(
    `INSERT INTO notifications (user_id, type, title, message, data, created_at, read_at)
     SELECT u, ty, ti, m, d, a, r
       FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::jsonb[],
                   $6::timestamptz[], $7::timestamptz[]) WITH ORDINALITY AS x(u, ty, ti, m, d, a, r, n)
      ORDER BY n`,
    [
      notifications.map((n) => n.userId),
      notifications.map((n) => n.type),
      notifications.map((n) => n.title),
      notifications.map((n) => n.message),
      notifications.map((n) => JSON.stringify(n.data)),
      notifications.map((n) => iso(n.createdAt)),
      notifications.map((n) => iso(n.readAt)),
    ],
  );
  return plan.swipes.length + created.length + messages.length + notifications.length;
}

const thumbOf = (storage: Storage) => (key: string | null) =>
  key ? photoUrls(storage, key).thumb : null;

export const demoAccountStep: SeedStep = {
  name: 'activité du compte de démonstration',
  isDone: hasDemoActivity,
  async run(ctx: SeedContext) {
    const meId = await findDemoAccount(ctx.db);
    if (meId === null) return 0;
    const people = await findParticipants(ctx.db, meId);
    if (!people) return 0;
    const plan = planDemoActivity(
      createRng(ACTIVITY_SEED),
      people.me,
      people.candidates,
      ctx.now,
      thumbOf(ctx.storage),
    );
    return insertOnce(ctx.db, hasDemoActivity, (tx) => insertPlan(tx, plan));
  },
};
