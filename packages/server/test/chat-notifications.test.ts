/**
 * One notification per chat: a chat's messages update its unread chat_message notification
 * (counted, latest preview, moved up, the same id live) until the member reads it or the chat;
 * concurrent sends meet on one row; its Web Push carries the chat's tag.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REALTIME_EVENTS, type TNotification } from '@app/shared';
import type { Socket } from 'socket.io-client';
import { createMember, createTestApp, type TestApp } from './helpers.js';
import { drainSocket, listen, openSocketTracked } from './sockets.js';

let t: TestApp;
const sockets: Socket[] = [];
let url: string | null = null;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

/** The app listening on a free port, started once for the tests that need a real socket. */
async function serverUrl() {
  url ??= await listen(t.app);
  return url;
}

type Member = Awaited<ReturnType<typeof createMember>>;
const post = (url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload });

async function chatBetween(a: Member, b: Member) {
  const res = await post('/chats/create', { token: a.token, other_user_id: b.id });
  const id: number = res.json().data.chat_id;
  await t.db.query(`UPDATE chats SET origin = 'match' WHERE id = $1`, [id]);
  return id;
}

async function send(from: Member, chatId: number, content: string) {
  const res = await post('/messages/text', { token: from.token, chat_id: chatId, content });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

async function bell(m: Member) {
  const body = (await post('/notifications', { token: m.token, per_page: 50 })).json();
  return { list: body.data as TNotification[], unread: body.unread_count as number };
}

const chatNotes = (list: TNotification[], chatId: number) =>
  list.filter((n) => n.type === 'chat_message' && n.data.chat_id === chatId);

async function pair() {
  const [a, b] = [await createMember(t, { name: 'Awa' }), await createMember(t)];
  return { a, b, chatId: await chatBetween(a, b) };
}

describe('one chat_message notification per chat', () => {
  it('counts 8 messages in one unread row that moves up, the bell counting the chat once', async () => {
    const { a, b, chatId } = await pair();
    await send(a, chatId, 'Salut');
    await t.app.deps.notify(b.id, 'profile_view', { name: 'Issa' });
    for (let i = 2; i <= 8; i++) await send(a, chatId, `Message ${i}`);
    const { list, unread } = await bell(b);
    const notes = chatNotes(list, chatId);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      message: 'Awa vous a envoyé 8 messages',
      title: 'Nouveau message',
      read_at: null,
      action: `/chat/${chatId}`,
      data: { chat_id: chatId, sender_id: a.id, count: 8, preview: 'Message 8' },
    });
    // Bumped to the newest message: listed above the profile view that came after the first.
    expect(list.map((n) => n.type)).toEqual(['chat_message', 'profile_view']);
    expect(unread).toBe(2);
  });

  it('keeps the one-message text for a single message', async () => {
    const { a, b, chatId } = await pair();
    await send(a, chatId, 'Bonjour');
    const [note] = chatNotes((await bell(b)).list, chatId);
    expect(note).toMatchObject({ message: 'Awa : Bonjour', data: { count: 1 } });
  });

  it('starts a new row once the notification is read, or the chat is, which replaces the read one', async () => {
    const { a, b, chatId } = await pair();
    for (let i = 1; i <= 3; i++) await send(a, chatId, `Avant ${i}`);
    const [first] = chatNotes((await bell(b)).list, chatId);
    if (!first) throw new Error('no notification');
    const read = await post('/notifications/mark-read', {
      token: b.token,
      notification_id: first.id,
    });
    expect(read.json().unread_count).toBe(0);

    await send(a, chatId, 'Après');
    let { list, unread } = await bell(b);
    let notes = chatNotes(list, chatId);
    // One row for the chat, read or unread: the new one, the read one gone.
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ message: 'Awa : Après', read_at: null, data: { count: 1 } });
    expect(notes[0]?.id).not.toBe(first.id);
    expect(unread).toBe(1);

    expect((await post(`/chats/${chatId}/read`, { token: b.token })).statusCode).toBe(200);
    await send(a, chatId, 'Encore');
    ({ list, unread } = await bell(b));
    notes = chatNotes(list, chatId);
    expect(notes.map((n) => [n.message, n.read_at])).toEqual([['Awa : Encore', null]]);
    expect(unread).toBe(1);

    // Read again, it stays: each chat listed once, read ones too, not one row per message.
    expect((await post(`/chats/${chatId}/read`, { token: b.token })).statusCode).toBe(200);
    ({ list, unread } = await bell(b));
    notes = chatNotes(list, chatId);
    expect(notes).toHaveLength(1);
    expect(notes[0]?.read_at).not.toBeNull();
    expect(unread).toBe(0);
  });

  it("keeps the other members' and other chats' read notifications", async () => {
    const { a, b, chatId } = await pair();
    const c = await createMember(t, { name: 'Salif' });
    const other = await chatBetween(c, b);
    await send(c, other, 'Salut');
    await send(a, chatId, 'Un');
    expect((await post(`/chats/${other}/read`, { token: b.token })).statusCode).toBe(200);
    expect((await post(`/chats/${chatId}/read`, { token: b.token })).statusCode).toBe(200);
    await send(a, chatId, 'Deux');
    const { list } = await bell(b);
    expect(list.map((n) => [n.data.chat_id, n.message, n.read_at === null])).toEqual([
      [chatId, 'Awa : Deux', true],
      [other, 'Salif : Salut', false],
    ]);
  });

  it('keeps two chats apart: two rows', async () => {
    const [a, c, b] = [
      await createMember(t, { name: 'Awa' }),
      await createMember(t, { name: 'Salif' }),
      await createMember(t),
    ];
    const [ab, cb] = [await chatBetween(a, b), await chatBetween(c, b)];
    await send(a, ab, 'Un');
    await send(c, cb, 'Deux');
    await send(a, ab, 'Trois');
    const { list, unread } = await bell(b);
    expect(list.map((n) => [n.data.chat_id, n.message])).toEqual([
      [ab, 'Awa vous a envoyé 2 messages'],
      [cb, 'Salif : Deux'],
    ]);
    expect(unread).toBe(2);
  });

  it('gives concurrent sends one row counting them all', async () => {
    const { a, b, chatId } = await pair();
    await Promise.all([1, 2, 3, 4, 5].map((i) => send(a, chatId, `Vite ${i}`)));
    const { list, unread } = await bell(b);
    const notes = chatNotes(list, chatId);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ message: 'Awa vous a envoyé 5 messages', data: { count: 5 } });
    expect(unread).toBe(1);
  });

  it('sends the updated notification live under the same id', async () => {
    const { a, b, chatId } = await pair();
    // The member's own connection: what the app delivers live, whatever path it takes there.
    const socket = await openSocketTracked(sockets, await serverUrl(), { token: b.token });
    const live: TNotification[] = [];
    socket.on(REALTIME_EVENTS.notificationReceived, (n: TNotification) => {
      if (n.type === 'chat_message') live.push(n);
    });
    for (let i = 1; i <= 3; i++) await send(a, chatId, `Live ${i}`);
    await drainSocket(t.app, socket, b.id);
    expect(live.map((n) => n.data.count)).toEqual([1, 2, 3]);
    expect(new Set(live.map((n) => n.id)).size).toBe(1);
    expect(live[2]?.message).toBe('Awa vous a envoyé 3 messages');
  });

  it("pushes a chat message with the chat's tag, renotifying; other types keep their own", async () => {
    const { a, b, chatId } = await pair();
    const push = vi.spyOn(t.app.deps.push, 'send').mockResolvedValue(0);
    try {
      await send(a, chatId, 'Un');
      await send(a, chatId, 'Deux');
      await t.app.deps.notify(b.id, 'match', { name: 'Awa' });
      const payloads = push.mock.calls.filter(([userId]) => userId === b.id).map(([, p]) => p);
      expect(payloads).toEqual([
        expect.objectContaining({ tag: `chat:${chatId}`, renotify: true, body: 'Awa : Un' }),
        expect.objectContaining({
          tag: `chat:${chatId}`,
          renotify: true,
          body: 'Awa vous a envoyé 2 messages',
          url: `/chat/${chatId}`,
        }),
        expect.not.objectContaining({ renotify: true }),
      ]);
      expect(payloads[2]?.tag).toMatch(/^match:\d+$/);
    } finally {
      push.mockRestore();
    }
  });
});
