/**
 * Realtime over real sockets: a listening server, socket.io-client connections authenticated by
 * the session token, and — with TEST_REDIS_URL — two server copies on one database whose Redis
 * adapter carries an event emitted on one copy to a member connected to the other.
 */
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { fakeNotification, listen, nextEvent, openSocketTracked } from './sockets.js';
import { MSG, REALTIME_EVENTS, userRoom } from '@app/shared';
import {
  createMember,
  createTestApp,
  createTwoCopies,
  TEST_REDIS_URL,
  type TestApp,
} from './helpers.js';

const EVENT = REALTIME_EVENTS.notificationReceived;
type Transport = 'websocket' | 'polling';
const sockets: Socket[] = [];
const openSocket = (url: string, auth: object, transport: 'websocket' | 'polling' = 'websocket') =>
  openSocketTracked(sockets, url, auth, transport);

/** Waits until `app` sees `socket` in the member's room (across copies through the adapter). */
async function waitForRoom(app: FastifyInstance, userId: number, socket: Socket) {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    const inRoom = await app.deps.realtime.io.in(userRoom(userId)).fetchSockets();
    if (inRoom.some((s) => s.id === socket.id)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`socket ${socket.id} never joined ${userRoom(userId)}`);
}

afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});

describe('realtime on one server', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp();
    url = await listen(t.app);
  });
  afterAll(() => t.close());

  it.each<Transport>(['websocket', 'polling'])(
    'delivers an event emitted to a member to their socket (%s)',
    async (transport) => {
      const member = await createMember(t);
      const socket = await openSocket(url, { token: member.token }, transport);
      await waitForRoom(t.app, member.id, socket);
      const payload = fakeNotification('Nouveau message');
      const received = nextEvent(socket, EVENT);
      t.app.deps.realtime.emitToUser(member.id, EVENT, payload);
      expect(await received).toEqual(payload);
    },
  );

  it("does not deliver a member's events to another member", async () => {
    const [alice, bob] = [await createMember(t), await createMember(t)];
    const bobSocket = await openSocket(url, { token: bob.token });
    await waitForRoom(t.app, bob.id, bobSocket);
    const leaked: unknown[] = [];
    bobSocket.on(EVENT, (p: unknown) => leaked.push(p));
    t.app.deps.realtime.emitToUser(alice.id, EVENT, fakeNotification('alice'));
    const toBob = nextEvent(bobSocket, EVENT);
    const forBob = fakeNotification('bob');
    t.app.deps.realtime.emitToUser(bob.id, EVENT, forBob);
    expect(await toBob).toEqual(forBob);
    expect(leaked).toEqual([forBob]);
  });

  it('refuses a connection without a token', async () => {
    await expect(openSocket(url, {})).rejects.toThrow(MSG.tokenMissing);
  });

  it('refuses a connection with an unknown token', async () => {
    await expect(openSocket(url, { token: 'pas-un-vrai-jeton' })).rejects.toThrow(
      MSG.unauthenticated,
    );
  });

  it('refuses a blocked member', async () => {
    const blocked = await createMember(t, { blocked: true });
    await expect(openSocket(url, { token: blocked.token })).rejects.toThrow(MSG.unauthenticated);
  });
});

describe('realtime across two server copies', () => {
  const copies: FastifyInstance[] = [];
  let drop: () => Promise<void> = async () => undefined;
  let urls: string[] = [];
  let a: TestApp;

  beforeAll(async () => {
    if (!TEST_REDIS_URL) return;
    const two = await createTwoCopies(TEST_REDIS_URL);
    drop = two.close;
    copies.push(...two.copies);
    urls = [await listen(two.copies[0]), await listen(two.copies[1])];
    a = two.a;
  });
  afterAll(async () => {
    for (const s of sockets.splice(0)) s.disconnect();
    await drop();
  });

  it.skipIf(!TEST_REDIS_URL)('reports Redis ok on each copy (needs TEST_REDIS_URL)', async () => {
    for (const copy of copies) {
      const res = await copy.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, data: { db: 'ok', redis: 'ok' } });
    }
  });

  it.skipIf(!TEST_REDIS_URL)(
    'delivers an event emitted on copy A to a member connected to copy B (needs TEST_REDIS_URL)',
    async () => {
      const [copyA] = copies;
      const urlB = urls[1];
      if (!copyA || !urlB) throw new Error('copies not started');
      const member = await createMember(a);
      const socket = await openSocket(urlB, { token: member.token });
      await waitForRoom(copyA, member.id, socket);
      // A unique payload: another run sharing this Redis cannot be mistaken for ours.
      const payload = fakeNotification(`Nouveau like ${crypto.randomUUID()}`);
      const received = nextEvent(socket, EVENT);
      copyA.deps.realtime.emitToUser(member.id, EVENT, payload);
      expect(await received).toEqual(payload);
    },
  );
});
