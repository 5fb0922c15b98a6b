/**
 * The chat lock as members meet it through the API: who may write after an introduction, what
 * lifts the lock for free, what an unlock costs and whom, and that a paid or answered chat stays
 * open. Part of the chat-lock module of npm run test:mutation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MSG } from '@app/shared';
import { createMember, createTestApp, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof createMember>>;
const post = (url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload });
const send = async (m: Member, chatId: number, content: string) =>
  (await post('/messages/text', { token: m.token, chat_id: chatId, content })).statusCode;
const unlock = (m: Member, chatId: number) => post(`/chats/${chatId}/unlock`, { token: m.token });

async function contactChat(coins = 0) {
  const a = await createMember(t, { coins });
  const b = await createMember(t, { coins });
  const res = await post('/chats/create', { token: a.token, other_user_id: b.id });
  return { a, b, id: res.json().data.chat_id as number };
}
const stateOf = async (chatId: number, userId: number) =>
  (
    await t.db.query<{ locked_sender: boolean; locked_receiver: boolean; coins: number }>(
      `SELECT c.locked_sender, c.locked_receiver, u.coins FROM chats c, users u
        WHERE c.id = $1 AND u.id = $2`,
      [chatId, userId],
    )
  )[0];

describe('chat lock', () => {
  it('never locks a chat born of a match', async () => {
    const { a, id } = await contactChat();
    await t.db.query(`UPDATE chats SET origin = 'match' WHERE id = $1`, [id]);
    for (const text of ['Salut', 'Ça va ?', 'On se voit ?'])
      expect(await send(a, id, text)).toBe(201);
    expect(await stateOf(id, a.id)).toMatchObject({ locked_sender: false });
  });

  it('never locks the receiver, and lets the sender write freely after the receiver wrote first', async () => {
    const { a, b, id } = await contactChat();
    expect(await send(b, id, "Bonjour, je t'écris d'abord")).toBe(201);
    expect(await send(b, id, 'Tu es là ?')).toBe(201);
    expect(await send(a, id, 'Oui !')).toBe(201);
    expect(await send(a, id, 'Enchanté')).toBe(201);
    expect(await stateOf(id, a.id)).toMatchObject({ locked_sender: false, locked_receiver: false });
  });

  it("lifts the sender's lock for free when the receiver answers, for good", async () => {
    const { a, b, id } = await contactChat();
    expect(await send(a, id, 'Intro')).toBe(201);
    expect(await stateOf(id, a.id)).toMatchObject({ locked_sender: true });
    expect(await send(b, id, 'Réponse')).toBe(201);
    expect(await stateOf(id, a.id)).toMatchObject({ locked_sender: false, coins: 0 });
    expect(await send(a, id, 'Merci')).toBe(201);
    expect(await send(a, id, 'Et toi ?')).toBe(201);
  });

  it("charges the chat's own unlock cost once, then keeps it open for the sender", async () => {
    const { a, id } = await contactChat(120);
    await t.db.query('UPDATE chats SET unlock_cost = 70 WHERE id = $1', [id]);
    await send(a, id, 'Intro');
    const res = await unlock(a, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: CHAT_MSG.unlocked,
      data: { user_coins: 50, chat: { is_locked_for_user: false, locked_sender: false } },
    });
    expect(await send(a, id, 'Deux')).toBe(201);
    expect(await send(a, id, 'Trois')).toBe(201);
    expect(await stateOf(id, a.id)).toMatchObject({ locked_sender: false, coins: 50 });
    const moves = await t.db.query(
      'SELECT amount, reason, idempotency_key FROM coin_movements WHERE user_id = $1',
      [a.id],
    );
    expect(moves).toEqual([
      { amount: -70, reason: 'chat_unlock', idempotency_key: `chat_unlock:${id}:${a.id}` },
    ]);
    const meta = await t.db.query('SELECT meta FROM coin_movements WHERE user_id = $1', [a.id]);
    expect(meta).toEqual([{ meta: { chat_id: id } }]);
  });

  it('takes nothing for unlocking a chat that is open', async () => {
    const { a, b, id } = await contactChat(300);
    for (const m of [a, b]) {
      const res = await unlock(m, id);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.user_coins).toBe(300);
    }
    expect(
      await t.db.query('SELECT 1 FROM coin_movements WHERE user_id = ANY($1)', [[a.id, b.id]]),
    ).toEqual([]);
  });

  it("honours a receiver lock: refuses that side's messages until it pays", async () => {
    const { a, b, id } = await contactChat(100);
    await t.db.query('UPDATE chats SET locked_receiver = true WHERE id = $1', [id]);
    expect(await send(b, id, 'Bonjour')).toBe(403);
    const res = await unlock(b, id);
    expect(res.json().data).toMatchObject({ user_coins: 0, chat: { is_locked_for_user: false } });
    expect(await stateOf(id, a.id)).toMatchObject({
      locked_sender: false,
      locked_receiver: false,
      coins: 100,
    });
    expect(await send(b, id, 'Bonjour')).toBe(201);
  });

  it('answers an unlock with the conversation in the order it was written', async () => {
    const { a, b, id } = await contactChat(100);
    await send(a, id, 'Premier');
    await send(b, id, 'Deuxième');
    await t.db.query('UPDATE chats SET locked_sender = true WHERE id = $1', [id]);
    const res = await unlock(a, id);
    const texts = res.json().data.chat.messages.map((m: { content: string }) => m.content);
    expect(texts).toEqual(['Premier', 'Deuxième']);
  });

  it('answers 404 for unlocking a chat one is not in', async () => {
    const { id } = await contactChat();
    const stranger = await createMember(t, { coins: 500 });
    const res = await unlock(stranger, id);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(CHAT_MSG.notFound);
  });
});
