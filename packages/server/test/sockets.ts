/** Real Socket.IO clients for tests: listen on a free port, connect with a token, await events. */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';

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
