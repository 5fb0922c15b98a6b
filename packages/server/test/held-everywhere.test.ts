/**
 * A member the scam shield holds is held everywhere (issue 29): a new match opens no chat while
 * either member is held (it opens, as a match's chat, once the hold is lifted), nobody opens a
 * new chat with a held member, and a money request in a match's chat still warns the receiver
 * when its sender is held.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_MSG } from '@app/shared';
import { createMember, createTestApp, postJson, type TestApp } from './helpers.js';

const SCAM = 'Stp envoie moi 5000f par orange money';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof createMember>>;
const post = (path: string, m: Member, body: object) => postJson(t.app, path, body, m.token);
const hold = (m: Member, on = true) =>
  t.db.query(`UPDATE users SET chat_hold_at = ${on ? 'now()' : 'NULL'} WHERE id = $1`, [m.id]);
const chatsOfPair = (a: Member, b: Member) =>
  t.db.query<{ id: number; origin: string }>(
    `SELECT id, origin FROM chats
      WHERE user_low_id = least($1::bigint, $2::bigint) AND user_high_id = greatest($1::bigint, $2::bigint)`,
    [a.id, b.id],
  );
const like = (from: Member, to: Member) =>
  post('/swipe', from, { target_user_id: to.id, action: 'like' });

describe('held everywhere', () => {
  it('a new match opens no chat while a member is held, and opens it once released', async () => {
    const held = await createMember(t);
    const other = await createMember(t);
    await hold(held);
    expect((await like(held, other)).statusCode).toBe(200);
    const match = await like(other, held);
    expect(match.json().data).toMatchObject({ is_match: true, chat_id: null });
    expect(await chatsOfPair(held, other)).toHaveLength(0);
    // Nor may the other member open one by hand.
    const byHand = await post('/chats/create', other, { other_user_id: held.id });
    expect(byHand.statusCode).toBe(403);
    expect(byHand.json()).toMatchObject({
      error: 'messaging_restricted',
      message: PRIVACY_MSG.heldReceiver,
    });

    await hold(held, false);
    const opened = await post('/chats/create', other, { other_user_id: held.id });
    expect(opened.statusCode).toBe(201);
    expect(await chatsOfPair(held, other)).toEqual([
      { id: opened.json().data.chat_id, origin: 'match' },
    ]);
  });

  it('a money request in a match chat warns the receiver when the sender is held', async () => {
    const sender = await createMember(t);
    const receiver = await createMember(t);
    await like(sender, receiver);
    const chatId: number = (await like(receiver, sender)).json().data.chat_id;
    expect(chatId).toEqual(expect.any(Number));

    const before = await post('/messages/text', sender, { chat_id: chatId, content: SCAM });
    expect(before.statusCode).toBe(201);
    await hold(sender);
    const after = await post('/messages/text', sender, {
      chat_id: chatId,
      content: `${SCAM} vite`,
    });
    expect(after.statusCode).toBe(201);
    // An ordinary text from the held sender is not flagged.
    await post('/messages/text', sender, { chat_id: chatId, content: 'Bonne journée' });

    const seen = (await post(`/chats/${chatId}`, receiver, {})).json().data.messages as {
      content: string;
      safety_warning?: boolean;
    }[];
    expect(seen.map((m) => [m.content, m.safety_warning === true])).toEqual([
      [SCAM, false],
      [`${SCAM} vite`, true],
      ['Bonne journée', false],
    ]);
    // The sender sees no warning on their own message.
    const own = (await post(`/chats/${chatId}`, sender, {})).json().data.messages as {
      safety_warning?: boolean;
    }[];
    expect(own.some((m) => m.safety_warning)).toBe(false);
  });
});
