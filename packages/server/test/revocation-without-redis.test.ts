/**
 * Sockets never outlive their session, even when Redis is away at the moment it ends. Two copies
 * on one database reach the shared Redis (TEST_REDIS_URL) through a relay the test cuts
 * (test/tcp-cut.ts). A sign-out on copy A closes the session's socket on copy B at once — the
 * revocation travels by the database (db/changes.ts), not by Redis — and that socket receives
 * nothing after the sign-out, neither a private message nor a notification, before or after
 * Redis comes back; the member's other session keeps receiving both. A revocation nobody
 * announced (an operator's hand-written UPDATE) is caught when Redis comes back, and otherwise
 * at the periodic check (SOCKET_RECHECK_MS), which needs no Redis at all.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { REALTIME_EVENTS } from '@app/shared';
import { createSession } from '../src/auth/session.repository.js';
import { listen, nextEvent, openSocketTracked } from './sockets.js';
import { startTcpCut, type TcpCut } from './tcp-cut.js';
import {
  createMember,
  createTestApp,
  createTwoCopies,
  postJson,
  TEST_REDIS_URL,
  type TestApp,
} from './helpers.js';

const sockets: Socket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});

/** Resolves with the time the server took to close the socket; fails after `ms`. */
function closedWithin(socket: Socket, ms: number) {
  const started = Date.now();
  return new Promise<number>((resolve, reject) => {
    if (!socket.connected) return resolve(0);
    const timer = setTimeout(() => reject(new Error(`socket still open after ${ms} ms`)), ms);
    socket.once('disconnect', () => {
      clearTimeout(timer);
      resolve(Date.now() - started);
    });
  });
}

/** Every event the socket receives from now on. */
function recordAll(socket: Socket) {
  const heard: unknown[] = [];
  socket.onAny((event: string, payload: unknown) => heard.push([event, payload]));
  return heard;
}

const joinChat = (s: Socket, chatId: number) =>
  new Promise<{ ok: boolean }>((resolve) => s.emit('chat:join', { chat_id: chatId }, resolve));

/** Two members and the chat between them (opened as after a match). */
async function pairWithChat(t: TestApp) {
  const sender = await createMember(t, { name: 'Aminata' });
  const member = await createMember(t, { name: 'Brice' });
  const res = await postJson(t.app, '/chats/create', { other_user_id: member.id }, sender.token);
  const chatId: number = res.json().data.chat_id;
  await t.db.query(`UPDATE chats SET origin = 'match' WHERE id = $1`, [chatId]);
  return { sender, member, chatId };
}

/** A private message through `app`, and a notification emitted by `app`, to the member. */
async function messageAndNotify(
  app: FastifyInstance,
  senderToken: string,
  chatId: number,
  memberId: number,
  text: string,
) {
  const sent = await postJson(
    app,
    '/messages/text',
    { chat_id: chatId, content: text },
    senderToken,
  );
  expect(sent.statusCode).toBe(201);
  await app.deps.notify(memberId, 'profile_view', { name: text });
}

const redisUp = (app: FastifyInstance) => app.deps.redis?.isUp() ?? false;

describe.skipIf(!TEST_REDIS_URL)('two copies, Redis cut at the moment of the sign-out', () => {
  // Long enough that only the announcement or Redis's return can explain a prompt close.
  const RECHECK_MS = 60_000;
  let relay: TcpCut;
  let copyA: FastifyInstance;
  let copyB: FastifyInstance;
  let urlB = '';
  let t: TestApp;
  let drop: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    relay = await startTcpCut(TEST_REDIS_URL ?? '');
    const two = await createTwoCopies(relay.url, { SOCKET_RECHECK_MS: String(RECHECK_MS) });
    drop = two.close;
    [copyA, copyB] = two.copies;
    t = two.a;
    await listen(copyA);
    urlB = await listen(copyB);
  });
  afterAll(async () => {
    for (const s of sockets.splice(0)) s.disconnect();
    await drop();
    await relay.close();
  });

  async function cutRedis() {
    relay.cut();
    await vi.waitFor(() => expect(redisUp(copyA) || redisUp(copyB)).toBe(false), {
      timeout: 5000,
    });
  }
  async function restoreRedis() {
    relay.restore();
    await vi.waitFor(() => expect(redisUp(copyA) && redisUp(copyB)).toBe(true), {
      timeout: 10_000,
      interval: 50,
    });
  }

  it('closes the signed-out socket on copy B at once, and it receives nothing after', async () => {
    const { sender, member, chatId } = await pairWithChat(t);
    const otherToken = await createSession(t.app.deps.db, member.id);
    const leaving = await openSocketTracked(sockets, urlB, { token: member.token });
    const staying = await openSocketTracked(sockets, urlB, { token: otherToken });
    expect(await joinChat(leaving, chatId)).toEqual({ ok: true });
    expect(await joinChat(staying, chatId)).toEqual({ ok: true });

    await cutRedis();
    const heard = recordAll(leaving);
    const closed = closedWithin(leaving, 2000);
    expect((await postJson(copyA, '/logout', {}, member.token)).statusCode).toBe(200);
    // Copy B sends at once what a revoked socket must not get: on this copy, Redis or not.
    const message = nextEvent(staying, REALTIME_EVENTS.messageSent);
    const notification = nextEvent(staying, REALTIME_EVENTS.notificationReceived);
    await messageAndNotify(copyB, sender.token, chatId, member.id, 'Après la déconnexion');
    expect(await message).toMatchObject({ content: 'Après la déconnexion' });
    expect(await notification).toMatchObject({ user_id: member.id });
    await closed;

    // Redis back: copies fan out again, and the closed socket stays closed and silent.
    await restoreRedis();
    const later = nextEvent(staying, REALTIME_EVENTS.messageSent);
    await messageAndNotify(copyA, sender.token, chatId, member.id, 'Redis revenu');
    expect(await later).toMatchObject({ content: 'Redis revenu' });
    expect(leaving.connected).toBe(false);
    expect(heard).toEqual([]);
  });

  it('closes, once Redis is back, a socket whose session was revoked by hand meanwhile', async () => {
    const m = await createMember(t);
    const socket = await openSocketTracked(sockets, urlB, { token: m.token });
    await cutRedis();
    // An operator's UPDATE: no announcement at all, only the re-check can see it.
    await t.db.query(`UPDATE sessions SET revoked_at = now() WHERE user_id = $1`, [m.id]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(socket.connected).toBe(true);
    const closed = closedWithin(socket, 15_000);
    relay.restore();
    expect(await closed).toBeLessThan(RECHECK_MS);
    await restoreRedis();
  });
});

describe('the periodic check, without Redis', () => {
  const RECHECK_MS = 1000;
  let t: TestApp;
  let url = '';
  beforeAll(async () => {
    t = await createTestApp({ SOCKET_RECHECK_MS: String(RECHECK_MS) });
    url = await listen(t.app);
  });
  afterAll(() => t.close());

  it('closes within the interval a socket whose member was blocked by hand', async () => {
    const m = await createMember(t);
    const keeps = await createMember(t);
    const socket = await openSocketTracked(sockets, url, { token: m.token });
    const other = await openSocketTracked(sockets, url, { token: keeps.token });
    await t.db.query(`UPDATE users SET blocked_at = now() WHERE id = $1`, [m.id]);
    await closedWithin(socket, RECHECK_MS + 1500);
    expect(other.connected).toBe(true);
  });
});
