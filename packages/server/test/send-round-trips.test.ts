/**
 * A message for the price of one (issue 31): every statement the app sends to the database is
 * counted through a facade over the real one, and a text sent in an open chat — the session
 * lookup included, with nothing remembered of the sender — makes at most five round trips while
 * keeping every rule of a send: membership and blocks, the lock rule, replay by client id, the
 * scam shield's flag and hold, the re-join of a member who left, the recipient's notification.
 * The read receipt is one statement, and typing never reaches the database.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/db.js';
import { countingApp } from './counting-db.js';
import { createMember } from './helpers.js';

/** The most a text send may cost, session lookup included (issue 31). */
const SEND_ROUND_TRIPS = 5;
const SCAM = 'Stp envoie moi 5000f par orange money';

let app: FastifyInstance;
let db: Db;
let close: () => Promise<void>;
const seen: string[] = [];

beforeAll(async () => {
  ({ app, db, close } = await countingApp(seen));
});
afterAll(() => close());

type Member = Awaited<ReturnType<typeof createMember>>;

const post = (url: string, token: string, payload: object = {}) =>
  app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload,
    headers: { authorization: `Bearer ${token}` },
  });

/** A member whose first call of the day (it marks them active, once) is behind them. */
async function member(name: string) {
  const m = await createMember({ db }, { name });
  expect((await post('/profile', m.token)).statusCode).toBe(200);
  await vi.waitFor(async () => {
    const marked = await db.query(`SELECT 1 FROM member_activity WHERE user_id = $1`, [m.id]);
    expect(marked).toHaveLength(1);
  }, 5000); // marks are written together, every 500 ms (auth.plugin.ts)
  return m;
}

async function chatBetween(a: Member, b: Member, origin: 'contact' | 'match') {
  const res = await post('/chats/create', a.token, { other_user_id: b.id });
  const id: number = res.json().data.chat_id;
  if (origin === 'match') await db.query(`UPDATE chats SET origin = 'match' WHERE id = $1`, [id]);
  return id;
}

/**
 * The statements of `a` sending `content` with nothing remembered of them (the session lookup
 * is one of the counted statements), and the answer.
 */
async function countedSend(a: Member, chatId: number, content: string, clientId?: string) {
  app.deps.changes.heard([{ member: a.id }]);
  seen.length = 0;
  const res = await post('/messages/text', a.token, {
    chat_id: chatId,
    content,
    ...(clientId ? { client_id: clientId } : {}),
  });
  return { res, statements: [...seen] };
}

const notificationsOf = (userId: number) =>
  db.query<{ message: string; data: { count?: number; message_id?: number } }>(
    `SELECT message, data FROM notifications WHERE user_id = $1 AND type = 'chat_message'`,
    [userId],
  );

describe('database round trips of a send', () => {
  it('sends a text in an open chat, re-joins and notifies the recipient, in five or fewer', async () => {
    const [a, b] = [await member('Awa'), await member('Issa')];
    const chatId = await chatBetween(a, b, 'match');
    // Issa left the chat: the message brings it back to his list with a fresh history.
    expect((await post(`/chats/${chatId}/leave`, b.token)).statusCode).toBe(200);

    const first = await countedSend(a, chatId, 'Bonsoir Issa', crypto.randomUUID());
    expect(first.res.statusCode, first.res.body).toBe(201);
    expect(first.statements.length, first.statements.join('\n---\n')).toBeLessThanOrEqual(
      SEND_ROUND_TRIPS,
    );
    const [left] = await db.query<{ left_at: Date | null }>(
      `SELECT left_at FROM chat_participants WHERE chat_id = $1 AND user_id = $2`,
      [chatId, b.id],
    );
    expect(left?.left_at).toBeNull();
    const messageId = first.res.json().data.id;
    expect(await notificationsOf(b.id)).toEqual([
      expect.objectContaining({
        message: 'Awa : Bonsoir Issa',
        data: expect.objectContaining({ count: 1, message_id: messageId }),
      }),
    ]);

    // The second message counts in the same notification, within the same budget.
    const second = await countedSend(a, chatId, 'Tu es là ?');
    expect(second.res.statusCode).toBe(201);
    expect(second.statements.length, second.statements.join('\n---\n')).toBeLessThanOrEqual(
      SEND_ROUND_TRIPS,
    );
    expect(await notificationsOf(b.id)).toEqual([
      expect.objectContaining({
        message: 'Awa vous a envoyé 2 messages',
        data: expect.objectContaining({ count: 2, message_id: second.res.json().data.id }),
      }),
    ]);
  });

  it('keeps the lock rule, the replay, the scam flag and the hold within the budget', async () => {
    const a = await member('Koffi');
    const others = [await member('Ada'), await member('Bintou'), await member('Clarisse')];
    const chats: number[] = [];
    for (const [i, other] of others.entries()) {
      const chatId = await chatBetween(a, other, 'contact');
      chats.push(chatId);
      const clientId = crypto.randomUUID();
      // A contact chat's free introduction, carrying a money request: flagged.
      const sent = await countedSend(a, chatId, SCAM, clientId);
      expect(sent.res.statusCode, sent.res.body).toBe(201);
      expect(sent.statements.length, sent.statements.join('\n---\n')).toBeLessThanOrEqual(
        SEND_ROUND_TRIPS,
      );
      // A retry of it is answered with the stored message.
      const retry = await countedSend(a, chatId, SCAM, clientId);
      expect(retry.res.statusCode).toBe(200);
      expect(retry.res.json().data.id).toBe(sent.res.json().data.id);
      expect(retry.statements.length).toBeLessThanOrEqual(SEND_ROUND_TRIPS);
      // The chat locked after the introduction: a new message is refused.
      const locked = await countedSend(a, chatId, 'Et encore');
      expect(locked.res.statusCode).toBe(403);
      const [held] = await db.query<{ held: boolean }>(
        `SELECT chat_hold_at IS NOT NULL AS held FROM users WHERE id = $1`,
        [a.id],
      );
      // Flagged in three chats within the day: held for review at the third.
      expect(held?.held).toBe(i === 2);
    }
    const flags = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM messages WHERE sender_id = $1 AND safety_flag`,
      [a.id],
    );
    expect(flags[0]?.n).toBe(3);

    // The answer lifts the lock, in the same budget.
    const [first] = others;
    if (!first || chats[0] === undefined) throw new Error('no chat');
    const answer = await countedSend(first, chats[0], 'Non merci');
    expect(answer.res.statusCode).toBe(201);
    expect(answer.statements.length).toBeLessThanOrEqual(SEND_ROUND_TRIPS);
    expect((await countedSend(a, chats[0], 'Pardon')).res.statusCode).toBe(201);
  });

  it('refuses a stranger, a block and a departed member within the budget', async () => {
    const [a, b, c] = [await member('Fanta'), await member('Moussa'), await member('Zoé')];
    const chatId = await chatBetween(a, b, 'match');
    const stranger = await countedSend(c, chatId, 'Intrus');
    expect(stranger.res.statusCode).toBe(404);
    expect(stranger.statements.length).toBeLessThanOrEqual(SEND_ROUND_TRIPS);
    await db.query(`INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2)`, [b.id, a.id]);
    const blocked = await countedSend(a, chatId, 'Bonjour');
    expect(blocked.res.statusCode).toBe(404);
    await db.query(`DELETE FROM blocks WHERE blocker_id = $1`, [b.id]);
    await db.query(`UPDATE users SET deleted_at = now() WHERE id = $1`, [b.id]);
    const gone = await countedSend(a, chatId, 'Bonjour');
    expect(gone.res.statusCode).toBe(410);
    const stored = await db.query(`SELECT 1 FROM messages WHERE chat_id = $1`, [chatId]);
    expect(stored).toHaveLength(0);
  });

  it("sends in two statements once the session is known, the recipient's notification and Web Push included", async () => {
    const [a, b] = [await member('Nafi'), await member('Ousmane')];
    const chatId = await chatBetween(a, b, 'match');
    expect(
      (await post('/messages/text', a.token, { chat_id: chatId, content: 'Un' })).statusCode,
    ).toBe(201);
    await vi.waitFor(async () => expect(await notificationsOf(b.id)).toHaveLength(1), 5000);
    seen.length = 0;
    const res = await post('/messages/text', a.token, { chat_id: chatId, content: 'Deux' });
    expect(res.statusCode, res.body).toBe(201);
    // The notification follows the answer; the push's subscriptions come with its statement.
    await vi.waitFor(async () => {
      const [n] = await notificationsOf(b.id);
      expect(n?.data.count).toBe(2);
    }, 5000);
    await new Promise((r) => setTimeout(r, 300)); // anything that would follow it
    const ours = seen.filter((q) => !/member_activity/.test(q));
    expect(ours, ours.join('\n---\n')).toHaveLength(2);
  });

  it('marks a message read in one statement once the session is known', async () => {
    const [a, b] = [await member('Sali'), await member('Yaya')];
    const chatId = await chatBetween(a, b, 'match');
    const sent = await post('/messages/text', a.token, { chat_id: chatId, content: 'Lu ?' });
    const id: number = sent.json().data.id;
    expect((await post('/profile', b.token)).statusCode).toBe(200); // the session is remembered
    seen.length = 0;
    const read = await post(`/messages/${id}/read`, b.token);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data.message_ids).toEqual([id]);
    expect(seen.length, seen.join('\n---\n')).toBe(1);
    // Not theirs to read: 404, still one statement.
    const c = await member('Intrus');
    seen.length = 0;
    expect((await post(`/messages/${id}/read`, c.token)).statusCode).toBe(404);
  });
});
