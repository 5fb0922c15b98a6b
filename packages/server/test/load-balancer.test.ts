/**
 * Realtime behind a load balancer without sticky sessions: two listening server copies behind
 * the e2e harness's round-robin proxy (each request and each WebSocket upgrade to the next copy).
 * The web client's transport order (WebSocket first) connects and stays on one copy; a
 * polling-first client is refused, its handshake continued on the other copy — the reason the
 * README says polling needs sticky sessions. With TEST_REDIS_URL, an event emitted on one copy
 * reaches a member whose socket the proxy gave to the other.
 */
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { REALTIME_EVENTS, REALTIME_TRANSPORTS, userRoom } from '@app/shared';
import { createMember, createTwoCopies, TEST_REDIS_URL } from './helpers.js';
import { fakeNotification, listen, nextEvent } from './sockets.js';
import {
  startRoundRobinProxy,
  type RoundRobinProxy,
} from '../../../e2e/support/round-robin-proxy.js';

const EVENT = REALTIME_EVENTS.notificationReceived;
const sockets: Socket[] = [];
const copies: FastifyInstance[] = [];
let proxy: RoundRobinProxy;
let member: { id: number; token: string };
let drop: () => Promise<void> = async () => undefined;

/** Resolves with the socket once connected, or with the error that refused it. */
function open(transports: readonly ('websocket' | 'polling')[], tryAll: boolean) {
  const socket = connect(proxy.url, {
    path: '/socket.io',
    auth: { token: member.token },
    transports: [...transports],
    tryAllTransports: tryAll,
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  return new Promise<Socket | Error>((resolve) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => resolve(err));
  });
}

beforeAll(async () => {
  const two = await createTwoCopies(TEST_REDIS_URL);
  drop = two.close;
  proxy = await startRoundRobinProxy([await listen(two.copies[0]), await listen(two.copies[1])]);
  copies.push(...two.copies);
  member = await createMember(two.a);
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});
afterAll(async () => {
  await proxy?.close();
  await drop();
});

describe('realtime behind a round-robin proxy (no sticky sessions)', () => {
  it("connects with the web client's transports over one WebSocket, each on the next copy", async () => {
    const before = proxy.upgrades.length;
    const first = await open(REALTIME_TRANSPORTS, true);
    const second = await open(REALTIME_TRANSPORTS, true);
    for (const s of [first, second]) {
      if (s instanceof Error) throw s;
      expect(s.connected).toBe(true);
      expect(s.io.engine.transport.name).toBe('websocket');
    }
    const used = proxy.upgrades.slice(before).map((u) => u.copy);
    expect(used).toHaveLength(2);
    expect(new Set(used).size).toBe(2);
  });

  it('refuses a polling-first handshake, continued on the other copy (needs sticky sessions)', async () => {
    const result = await open(['polling', 'websocket'], false);
    expect(result).toBeInstanceOf(Error);
  });

  it.skipIf(!TEST_REDIS_URL)(
    'delivers an event emitted on one copy to a socket the proxy gave to the other (needs TEST_REDIS_URL)',
    async () => {
      const socket = await open(REALTIME_TRANSPORTS, true);
      if (socket instanceof Error) throw socket;
      const copy = proxy.upgrades.at(-1)?.copy;
      const other = copies[copy === 0 ? 1 : 0];
      if (copy === undefined || !other) throw new Error('no upgrade recorded');
      // The other copy sees the socket in the member's room through the adapter.
      await expect
        .poll(
          async () => (await other.deps.realtime.io.in(userRoom(member.id)).fetchSockets()).length,
        )
        .toBeGreaterThan(0);
      const payload = fakeNotification(`Nouveau like ${crypto.randomUUID()}`);
      const received = nextEvent(socket, EVENT);
      other.deps.realtime.emitToUser(member.id, EVENT, payload);
      expect(await received).toEqual(payload);
    },
  );
});
