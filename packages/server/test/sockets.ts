/** Real Socket.IO clients for tests: listen on a free port, connect with a token, await events. */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { REALTIME_EVENTS, type TNotification } from '@app/shared';

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** A client socket kept in `sockets` for clean-up; resolves once connected. */
export function openSocketTracked(
  sockets: Socket[],
  url: string,
  auth: object,
  transport: 'websocket' | 'polling' = 'websocket',
) {
  const socket = connect(url, {
    path: '/socket.io',
    auth,
    transports: [transport],
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  return new Promise<Socket>((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

export function nextEvent(socket: Socket, event: string, timeoutMs = 5_000): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no ${event} within ${timeoutMs} ms`)),
      timeoutMs,
    );
    socket.once(event, (payload: unknown) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/**
 * Waits until everything already emitted to `socket` has arrived, instead of a fixed sleep
 * before asserting that nothing arrived: a notification sent now to its member comes after
 * anything emitted to that connection before it (Socket.IO keeps the order on one connection).
 * Resolves with that marker notification, which the socket's own listeners also see.
 */
export async function drainSocket(
  app: FastifyInstance,
  socket: Socket,
  userId: number,
): Promise<unknown> {
  const marker = nextEvent(socket, REALTIME_EVENTS.notificationReceived);
  await app.deps.notify(userId, 'profile_view', { name: 'Témoin' });
  return marker;
}

let fakeIds = 0;
/** A notification as the realtime event carries it, for transport tests (nothing is stored). */
export function fakeNotification(title: string, userId = 1): TNotification {
  const at = new Date().toISOString();
  return {
    id: 900_000 + ++fakeIds,
    user_id: userId,
    type: 'promotion',
    title,
    message: title,
    data: {},
    icon: 'bell',
    color: '#e0245e',
    action: null,
    timestamp: at,
    created_at: at,
    read_at: null,
  };
}
