/**
 * The realtime connection, loaded only once signed in (keeps socket.io-client out of the
 * first screen's bundle). Reconnect every 5 s, at most 10 attempts (spec 1 §9).
 */
import type { Socket } from 'socket.io-client';
import { REALTIME_RECONNECT_ATTEMPTS, REALTIME_RECONNECT_DELAY_MS } from '@app/shared';

let socket: Socket | null = null;
let socketToken: string | null = null;
let pending: Promise<Socket> | null = null;

export async function connectRealtime(token: string): Promise<Socket> {
  if (socket && socketToken === token) return socket;
  if (pending && socketToken === token) return pending;
  disconnectRealtime();
  socketToken = token;
  pending = import('socket.io-client').then(({ io }) => {
    socket = io({
      path: '/socket.io',
      auth: { token },
      reconnectionDelay: REALTIME_RECONNECT_DELAY_MS,
      reconnectionDelayMax: REALTIME_RECONNECT_DELAY_MS,
      reconnectionAttempts: REALTIME_RECONNECT_ATTEMPTS,
    });
    return socket;
  });
  return pending;
}

export function getSocket(): Socket | null {
  return socket;
}

export function disconnectRealtime() {
  socket?.disconnect();
  socket = null;
  socketToken = null;
  pending = null;
}
