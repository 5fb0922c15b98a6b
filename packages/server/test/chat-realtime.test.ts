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
import { drainSocket, listen, nextEvent, openSocketTracked } from './sockets.js';

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

/** The next user.status.changed about `userId` (a member's own arrival may be announced too). */
function nextStatusOf(socket: Socket, userId: number, timeoutMs = 5_000) {
  return new Promise<unknown>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(REALTIME_EVENTS.userStatusChanged, listen);
      reject(new Error(`no status of ${userId} within ${timeoutMs} ms`));
    }, timeoutMs);
    function listen(payload: { user_id?: number }) {
      if (payload.user_id !== userId) return;
      clearTimeout(timer);
      socket.off(REALTIME_EVENTS.userStatusChanged, listen);
      resolve(payload);
    }
    socket.on(REALTIME_EVENTS.userStatusChanged, listen);
  });
}

/** The other member's presence as `viewer` sees it in the chat details and in the chat list. */
async function presenceSeenBy(
  app: FastifyInstance,
  viewer: { token: string },
  chatId: number,
  otherId: number,
) {
  const details = await app.inject({
    method: 'POST',
    url: `/api/chats/${chatId}`,
    payload: { token: viewer.token },
  });
  const list = await app.inject({
    method: 'POST',
    url: '/api/chats',
    payload: { token: viewer.token },
  });
  const inDetails = details
    .json()
    .data.participants.find((p: { user_id: number }) => p.user_id === otherId).is_online;
  const inList = list.json().data.find((c: { id: number }) => c.id === chatId).is_online;
  return { details: inDetails as boolean, list: inList as boolean };
}

const presenceCall = (app: FastifyInstance, token: string, what: 'force-online' | 'mark-offline') =>
  app.inject({ method: 'POST', url: `/api/realtime/${what}`, payload: { token } });

describe('chat realtime on one server', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    const fresh = await freshDb();
    const config = testConfig();
    const app = await buildApp(config, { db: fresh.db });
    url = await listen(app);
    t = {
      app,
      db: fresh.db,
      dataDir: config.dataDir,
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
    const marker = await drainSocket(t.app, sx, intruder.id);
    expect(leaked).toEqual([[REALTIME_EVENTS.notificationReceived, marker]]);
  });

  it('tells the other member when someone comes online and goes offline', async () => {
    const { a, b, chatId } = await pairWithChat(t);
    const sa = await openSocketTracked(sockets, url, { token: a.token });
    await join(sa, chatId);
    const online = nextStatusOf(sa, b.id);
    const sb = await openSocketTracked(sockets, url, { token: b.token });
    expect(await online).toEqual({ user_id: b.id, is_online: true });
    const offline = nextStatusOf(sa, b.id, 8_000);
    sb.disconnect();
    expect(await offline).toEqual({ user_id: b.id, is_online: false });
    const forced = nextStatusOf(sa, b.id);
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
    const marked = nextStatusOf(sa, b.id);
    await t.app.inject({
      method: 'POST',
      url: '/api/realtime/mark-offline',
      payload: { token: b.token },
    });
    expect(await marked).toEqual({ user_id: b.id, is_online: false });
  });

  it('relays typing sent over HTTP to the other member, never back to the typist', async () => {
    const { a, b, chatId } = await pairWithChat(t);
    const [sa, sb] = await Promise.all([
      openSocketTracked(sockets, url, { token: a.token }),
      openSocketTracked(sockets, url, { token: b.token }),
    ]);
    await join(sa, chatId);
    await join(sb, chatId);
    const echoed: unknown[] = [];
    sa.on(REALTIME_EVENTS.typingStarted, (p: unknown) => echoed.push(p));
    const started = nextEvent(sb, REALTIME_EVENTS.typingStarted);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/chats/${chatId}/typing`,
      payload: { token: a.token, is_typing: true },
    });
    expect(res.json()).toEqual({ success: true });
    expect(await started).toEqual({ chat_id: chatId, user_id: a.id, user_name: 'Aminata' });
    const stopped = nextEvent(sb, REALTIME_EVENTS.typingStopped);
    await t.app.inject({
      method: 'POST',
      url: `/api/chats/${chatId}/typing`,
      payload: { token: a.token, is_typing: false },
    });
    expect(await stopped).toMatchObject({ chat_id: chatId, user_id: a.id });
    expect(echoed).toEqual([]);
  });

  it('shows a member who marked offline as offline everywhere, live socket or not, until a sign of life', async () => {
    const { a, b, chatId } = await pairWithChat(t);
    const sa = await openSocketTracked(sockets, url, { token: a.token });
    await join(sa, chatId);
    const online = nextStatusOf(sa, b.id);
    await openSocketTracked(sockets, url, { token: b.token });
    expect(await online).toEqual({ user_id: b.id, is_online: true });
    expect(await presenceSeenBy(t.app, a, chatId, b.id)).toEqual({ details: true, list: true });

    // B's socket stays connected, yet B asked to be shown offline.
    const marked = nextStatusOf(sa, b.id);
    await presenceCall(t.app, b.token, 'mark-offline');
    expect(await marked).toEqual({ user_id: b.id, is_online: false });
    expect(await presenceSeenBy(t.app, a, chatId, b.id)).toEqual({ details: false, list: false });

    const forced = nextStatusOf(sa, b.id);
    await presenceCall(t.app, b.token, 'force-online');
    expect(await forced).toEqual({ user_id: b.id, is_online: true });
    expect(await presenceSeenBy(t.app, a, chatId, b.id)).toEqual({ details: true, list: true });

    // Offline again; a new connection is the next sign of life.
    await presenceCall(t.app, b.token, 'mark-offline');
    expect(await presenceSeenBy(t.app, a, chatId, b.id)).toEqual({ details: false, list: false });
    const back = nextStatusOf(sa, b.id);
    await openSocketTracked(sockets, url, { token: b.token });
    expect(await back).toEqual({ user_id: b.id, is_online: true });
    expect(await presenceSeenBy(t.app, a, chatId, b.id)).toEqual({ details: true, list: true });
  });

  it('notifies a member who is in the chat room but away (phone locked on the open chat)', async () => {
    const { a, b, chatId } = await pairWithChat(t);
    const sb = await openSocketTracked(sockets, url, { token: b.token });
    await join(sb, chatId);
    const send = (content: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/messages/text',
        payload: { token: a.token, chat_id: chatId, content },
      });
    const notes = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/notifications',
          payload: { token: b.token },
        })
      ).json().data as { type: string; data: { preview: string } }[];

    await send('Tu es là ?');
    expect(await notes()).toHaveLength(0); // looking at the chat

    await presenceCall(t.app, b.token, 'mark-offline');
    await send('Je passe demain');
    const after = await notes();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ type: 'chat_message', data: { preview: 'Je passe demain' } });

    await presenceCall(t.app, b.token, 'force-online');
    await send('À demain');
    expect(await notes()).toHaveLength(1);
  });

  it('agrees with the offline event once the last socket is gone, heartbeat window included', async () => {
    const { a, b, chatId } = await pairWithChat(t);
    const sa = await openSocketTracked(sockets, url, { token: a.token });
    await join(sa, chatId);
    // B's arrival is announced first; waited for, so it is never taken for the event below.
    const online = nextStatusOf(sa, b.id, 8_000);
    const sb = await openSocketTracked(sockets, url, { token: b.token });
    expect(await online).toEqual({ user_id: b.id, is_online: true });
    // A heartbeat just now (POST /profile) would otherwise keep B "online" for 45 s.
    await t.app.inject({ method: 'POST', url: '/api/profile', payload: { token: b.token } });
    const offline = nextStatusOf(sa, b.id, 8_000);
    sb.disconnect();
    expect(await offline).toEqual({ user_id: b.id, is_online: false });
    expect(await presenceSeenBy(t.app, a, chatId, b.id)).toEqual({ details: false, list: false });
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
      const configA = testConfig(env);
      const copyA = await buildApp(configA, { db: fresh.db });
      const copyB = fresh.url
        ? await buildApp(testConfig({ ...env, DATABASE_URL: fresh.url }))
        : await buildApp(testConfig(env), { db: fresh.db });
      copies.push(copyA, copyB);
      urls = [await listen(copyA), await listen(copyB)];
      t = { app: copyA, db: fresh.db, dataDir: configA.dataDir, close: async () => undefined };
    });
    afterAll(async () => {
      for (const s of sockets.splice(0)) s.disconnect();
      for (const c of copies) await c.close();
      await drop();
    });

    it("carries a message sent through copy A to the member connected to copy B, and B's read back to A", async () => {
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
    it('carries typing started and stopped from a member on copy B to the other on copy A', async () => {
      const { a, b, chatId } = await pairWithChat(t);
      const [urlA, urlB] = urls as [string, string];
      const sa = await openSocketTracked(sockets, urlA, { token: a.token });
      const sb = await openSocketTracked(sockets, urlB, { token: b.token });
      expect(await join(sa, chatId)).toEqual({ ok: true });
      expect(await join(sb, chatId)).toEqual({ ok: true });
      const started = nextEvent(sa, REALTIME_EVENTS.typingStarted);
      sb.emit('typing', { chat_id: chatId, is_typing: true });
      expect(await started).toEqual({ chat_id: chatId, user_id: b.id, user_name: 'Brice' });
      const stopped = nextEvent(sa, REALTIME_EVENTS.typingStopped);
      sb.emit('typing', { chat_id: chatId, is_typing: false });
      expect(await stopped).toEqual({ chat_id: chatId, user_id: b.id, user_name: 'Brice' });
    });

    it('keeps presence right across copies: online, marked offline, back, gone', async () => {
      const { a, b, chatId } = await pairWithChat(t);
      const [copyA, copyB] = copies as [FastifyInstance, FastifyInstance];
      const [urlA, urlB] = urls as [string, string];
      const sa = await openSocketTracked(sockets, urlA, { token: a.token });
      expect(await join(sa, chatId)).toEqual({ ok: true });
      const online = nextStatusOf(sa, b.id);
      const sb = await openSocketTracked(sockets, urlB, { token: b.token });
      expect(await online).toEqual({ user_id: b.id, is_online: true });
      // Copy A sees B's socket on copy B through the adapter.
      expect(await presenceSeenBy(copyA, a, chatId, b.id)).toEqual({ details: true, list: true });

      const marked = nextStatusOf(sa, b.id);
      await presenceCall(copyB, b.token, 'mark-offline');
      expect(await marked).toEqual({ user_id: b.id, is_online: false });
      expect(await presenceSeenBy(copyA, a, chatId, b.id)).toEqual({ details: false, list: false });

      const forced = nextStatusOf(sa, b.id);
      await presenceCall(copyB, b.token, 'force-online');
      expect(await forced).toEqual({ user_id: b.id, is_online: true });
      expect(await presenceSeenBy(copyA, a, chatId, b.id)).toEqual({ details: true, list: true });

      const gone = nextStatusOf(sa, b.id, 8_000);
      sb.disconnect();
      expect(await gone).toEqual({ user_id: b.id, is_online: false });
      expect(await presenceSeenBy(copyA, a, chatId, b.id)).toEqual({ details: false, list: false });
    });
  },
);
