/**
 * Socket.IO on the API's own origin. The handshake must carry a valid session token
 * (`auth.token`); each socket joins `user:{id}`. With REDIS_URL, the Redis adapter carries
 * events between server copies, so `emitToUser` reaches a member on any copy.
 */
import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { userRoom, MSG } from '@app/shared';
import type { Db } from '../db/db.js';
import { findSessionUser } from '../auth/session.repository.js';

export interface SocketData {
  userId: number;
}

export type ConnectionHandler = (socket: Socket, userId: number) => void;

export interface Realtime {
  io: Server;
  emitToUser(userId: number, event: string, payload: unknown): void;
  emitToRoom(room: string, event: string, payload: unknown): void;
  /** Lets features (chat rooms, presence) add per-socket handlers. */
  onConnection(handler: ConnectionHandler): void;
  close(): Promise<void>;
}

export function createRealtime(
  server: HttpServer,
  db: Db,
  redisUrl?: string,
  redisPrefix = 'rencontre',
): Realtime {
  const io = new Server(server, {
    path: '/socket.io',
    serveClient: false,
    // Slow mobile links: allow long-polling fallback, modest ping timings.
    pingInterval: 25_000,
    pingTimeout: 20_000,
  });

  const redisClients: Redis[] = [];
  if (redisUrl) {
    const pub = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
    const sub = pub.duplicate();
    redisClients.push(pub, sub);
    io.adapter(createAdapter(pub, sub, { key: `${redisPrefix}:socket.io` }));
  }

  io.use(async (socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    if (typeof token !== 'string' || !token) return next(new Error(MSG.tokenMissing));
    try {
      const user = await findSessionUser(db, token);
      if (!user || user.blocked_at) return next(new Error(MSG.unauthenticated));
      (socket.data as SocketData).userId = user.id;
      next();
    } catch {
      next(new Error(MSG.generic));
    }
  });

  const handlers: ConnectionHandler[] = [];
  io.on('connection', (socket) => {
    const { userId } = socket.data as SocketData;
    void socket.join(userRoom(userId));
    for (const h of handlers) h(socket, userId);
  });

  return {
    io,
    emitToUser: (userId, event, payload) => io.to(userRoom(userId)).emit(event, payload),
    emitToRoom: (room, event, payload) => io.to(room).emit(event, payload),
    onConnection: (h) => handlers.push(h),
    async close() {
      // Fastify owns the HTTP server and closes it; here only the sockets and the engine.
      io.disconnectSockets(true);
      io.engine.close();
      await Promise.all(redisClients.map((c) => c.quit().catch(() => undefined)));
    },
  };
}
