/**
 * The chat over real sockets: two members' clients on one server (messages, typing, delivery
 * and read receipts, presence, room checks) and, with TEST_REDIS_URL, on two server copies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { REALTIME_EVENTS } from '@app/shared';
import { buildApp } from '../src/app.js';
import { createMember, freshDb, testConfig, TEST_REDIS_URL, type TestApp } from './helpers.js';
import { listen, nextEvent, openSocketTracked } from './sockets.js';

const sockets: Socket[] = [];
const join = (s: Socket, chatId: number) =>
  new Promise<{ ok: boolean }>((resolve) => s.emit('chat:join', { chat_id: chatId }, resolve));

async function pairWithChat(t: TestApp) {
  const [a, b] = [
    await createMember(t, { name: 'Aminata' }),
    await createMember(t, { name: 'Brice' }),
  ];
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/chats/create',
    payload: { token: a.token, other_user_id: b.id },
  });
  const chatId: number = res.json().data.chat_id;
  await t.db.query(`UPDATE chats SET origin = 'match' WHERE id = $1`, [chatId]);
  return { a, b, chatId };
}

describe('chat realtime on one server', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    const fresh = await freshDb();
    const app = await buildApp(testConfig(), { db: fresh.db });
    url = await listen(app);
    t = {
      app,
      db: fresh.db,
      close: async () => {
        await app.close();
        await fresh.drop();
      },
    };
  });
  afterAll(async () => {
    for (const s of sockets.splice(0)) s.disconnect();
    await t.close();
  });

  it('delivers messages, typing, delivery and read receipts between the two members only', async () => {
    const { a, b, chatId } = await pairWithChat(t);
    const intruder = await createMember(t);
    const [sa, sb, sx] = await Promise.all([
      openSocketTracked(sockets, url, { token: a.token }),
      openSocketTracked(sockets, url, { token: b.token }),
      openSocketTracked(sockets, url, { token: intruder.token }),
    ]);
    expect(await join(sa, chatId)).toEqual({ ok: true });
    expect(await join(sb, chatId)).toEqual({ ok: true });
    expect((await join(sx, chatId)).ok).toBe(false);
    const leaked: unknown[] = [];
    sx.onAny((event: string, payload: unknown) => leaked.push([event, payload]));

    const typing = nextEvent(sb, REALTIME_EVENTS.typingStarted);
    sa.emit('typing', { chat_id: chatId, is_typing: true });
    expect(await typing).toMatchObject({ chat_id: chatId, user_id: a.id, user_name: 'Aminata' });

    const arrived = nextEvent(sb, REALTIME_EVENTS.messageSent);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/messages/text',
      payload: { token: a.token, chat_id: chatId, content: 'Salut Brice' },
    });
    const message = (await arrived) as {
      id: number;
      content: string;
      sender_id: number;
      chatId: number;
    };
    expect(message).toMatchObject({
      id: sent.json().data.id,
      content: 'Salut Brice',
      sender_id: a.id,
      chatId,
    });

    const delivered = nextEvent(sa, 'message.delivered');
    sb.emit('message.delivered', { chat_id: chatId, message_id: message.id });
    expect(await delivered).toMatchObject({
      chat_id: chatId,
      message_ids: [message.id],
      user_id: b.id,
    });

    const read = nextEvent(sa, REALTIME_EVENTS.messageRead);
    await t.app.inject({
      method: 'POST',
      url: `/api/chats/${chatId}/read`,
      payload: { token: b.token },
    });
    expect(await read).toMatchObject({ chat_id: chatId, message_id: message.id, user_id: b.id });

    const deleted = nextEvent(sb, REALTIME_EVENTS.messageDeleted);
    const m2 = await t.app.inject({
      method: 'POST',
      url: '/api/messages/text',
      payload: { token: a.token, chat_id: chatId, content: 'Oups' },
    });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/messages/${m2.json().data.id}`,
      payload: { token: a.token },
    });
    expect(await deleted).toMatchObject({ chat_id: chatId, message_id: m2.json().data.id });

    // B was watching the chat: no chat_message notification for those messages.
    const notes = await t.app.inject({
      method: 'POST',
      url: '/api/notifications',
      payload: { token: b.token },
    });
    expect(notes.json().data).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 200));
    expect(leaked).toEqual([]);
  });

  it('tells the other member when someone comes online and goes offline', async () => {
    const { a, b, chatId } = await pairWithChat(t);
    const sa = await openSocketTracked(sockets, url, { token: a.token });
    await join(sa, chatId);
    const online = nextEvent(sa, REALTIME_EVENTS.userStatusChanged);
    const sb = await openSocketTracked(sockets, url, { token: b.token });
    expect(await online).toEqual({ user_id: b.id, is_online: true });
    const offline = nextEvent(sa, REALTIME_EVENTS.userStatusChanged, 8_000);
    sb.disconnect();
    expect(await offline).toEqual({ user_id: b.id, is_online: false });
    const forced = nextEvent(sa, REALTIME_EVENTS.userStatusChanged);
    await t.app.inject({
      method: 'POST',
      url: '/api/realtime/force-online',
      payload: { token: b.token },
    });
    expect(await forced).toEqual({ user_id: b.id, is_online: true });
    const details = await t.app.inject({
      method: 'POST',
      url: `/api/chats/${chatId}`,
      payload: { token: a.token },
    });
    const other = details
      .json()
      .data.participants.find((p: { user_id: number }) => p.user_id === b.id);
    expect(other.is_online).toBe(true);
    const marked = nextEvent(sa, REALTIME_EVENTS.userStatusChanged);
    await t.app.inject({
      method: 'POST',
      url: '/api/realtime/mark-offline',
      payload: { token: b.token },
    });
    expect(await marked).toEqual({ user_id: b.id, is_online: false });
  });
});

describe.skipIf(!TEST_REDIS_URL)(
  'chat realtime across two server copies (needs TEST_REDIS_URL)',
  () => {
    const copies: FastifyInstance[] = [];
    let drop: () => Promise<void> = async () => undefined;
    let urls: string[] = [];
    let t: TestApp;
    beforeAll(async () => {
      const fresh = await freshDb();
      drop = fresh.drop;
      const prefix = `c${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
      const env = { REDIS_URL: TEST_REDIS_URL ?? '', REDIS_PREFIX: prefix };
      const copyA = await buildApp(testConfig(env), { db: fresh.db });
      const copyB = fresh.url
        ? await buildApp(testConfig({ ...env, DATABASE_URL: fresh.url }))
        : await buildApp(testConfig(env), { db: fresh.db });
      copies.push(copyA, copyB);
      urls = [await listen(copyA), await listen(copyB)];
      t = { app: copyA, db: fresh.db, close: async () => undefined };
    });
    afterAll(async () => {
      for (const s of sockets.splice(0)) s.disconnect();
      for (const c of copies) await c.close();
      await drop();
    });

    it('carries a message sent through copy A to the member connected to copy B, and B’s read back to A', async () => {
      const { a, b, chatId } = await pairWithChat(t);
      const [urlA, urlB] = urls as [string, string];
      const sa = await openSocketTracked(sockets, urlA, { token: a.token });
      const sb = await openSocketTracked(sockets, urlB, { token: b.token });
      expect(await join(sa, chatId)).toEqual({ ok: true });
      expect(await join(sb, chatId)).toEqual({ ok: true });
      const arrived = nextEvent(sb, REALTIME_EVENTS.messageSent);
      await copies[0]?.inject({
        method: 'POST',
        url: '/api/messages/text',
        payload: { token: a.token, chat_id: chatId, content: 'Par Redis' },
      });
      const message = (await arrived) as { id: number; content: string };
      expect(message.content).toBe('Par Redis');
      const read = nextEvent(sa, REALTIME_EVENTS.messageRead);
      await copies[1]?.inject({
        method: 'POST',
        url: `/api/chats/${chatId}/read`,
        payload: { token: b.token },
      });
      expect(await read).toMatchObject({ message_id: message.id, user_id: b.id });
    });
  },
);
