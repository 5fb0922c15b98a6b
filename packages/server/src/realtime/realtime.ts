/**
 * Socket.IO on the API's own origin. The handshake must carry a valid session token
 * (`auth.token`); each socket joins `user:{id}` and `session:{id}`. With REDIS_URL, the Redis
 * adapter carries events between server copies, so `emitToUser` reaches a member on any copy;
 * while Redis is away, events and socket look-ups stay on this copy instead of failing. A
 * socket is closed when its session ends, by each copy for its own (session-guard.ts).
 */
import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import {
  userRoom,
  MSG,
  TEXT_MSG,
  findHostileText,
  hostileProblemOf,
  type ClientToServerEvents,
  type ServerEventPayloads,
  type ServerToClientEvents,
  type TServerEvent,
} from '@app/shared';
import type { Db } from '../db/db.js';
import { kyselyOf } from '../db/kysely.js';
import type { ChangeFeed } from '../db/change-feed.js';
import { sessionUserReader } from '../auth/session.repository.js';
import { hashToken } from '../auth/tokens.js';
import type { RedisLink } from '../adapters/redis/redis-link.js';
import { guardSessions, sessionRoom } from './session-guard.js';

interface SocketData {
  userId: number;
  sessionId: number;
}

/** The typed server and socket: events and payloads from @app/shared. */
type IoServer = Server<ClientToServerEvents, ServerToClientEvents, object, SocketData>;
type IoSocket = Socket<ClientToServerEvents, ServerToClientEvents, object, SocketData>;

type ConnectionHandler = (socket: IoSocket, userId: number) => void;

type Target = ReturnType<IoServer['to']>;

/** Where an event goes: rooms, minus some; `emit` sends it and notes it in the log. */
interface RoomTarget {
  except(rooms: string | string[]): RoomTarget;
  emit<E extends TServerEvent>(event: E, payload: ServerEventPayloads[E]): void;
}

/** The little a realtime needs of a logger: a debug line per event sent. */
interface EventLog {
  debug(obj: object, msg: string): void;
}

export interface Realtime {
  io: IoServer;
  /** Rooms on every copy Redis reaches, or on this copy alone while Redis is away. */
  to(rooms: string | string[]): RoomTarget;
  emitToUser<E extends TServerEvent>(
    userId: number,
    event: E,
    payload: ServerEventPayloads[E],
  ): void;
  emitToRoom<E extends TServerEvent>(room: string, event: E, payload: ServerEventPayloads[E]): void;
  /** The sockets in a room (every reachable copy; this copy's if the others can't answer). */
  fetchSockets(room: string): Promise<Awaited<ReturnType<Target['fetchSockets']>>>;
  /** Lets features (chat rooms, presence) add per-socket handlers. */
  onConnection(handler: ConnectionHandler): void;
  /**
   * The same realtime noting the events it sends in `log`: a request's logger, so each event a
   * request causes is logged (at debug: the event's name and rooms, never its payload) with
   * that request's id.
   */
  withLog(log: EventLog): Realtime;
  close(): Promise<void>;
}

/** A target that logs what it sends: the event's name, the rooms and the rooms left out. */
function loggedTarget(
  target: Target,
  log: EventLog,
  rooms: string[],
  except: string[] = [],
): RoomTarget {
  return {
    except: (more) => loggedTarget(target.except(more), log, rooms, except.concat(more)),
    emit(event, payload) {
      log.debug({ event, rooms, ...(except.length ? { except } : {}) }, 'realtime event');
      target.emit(event, ...([payload] as Parameters<ServerToClientEvents[typeof event]>));
    },
  };
}

/**
 * The HTTP guard's rule for socket events: an event whose payload holds a NUL or a lone
 * surrogate reaches no handler; its acknowledgement, if any, says which field and why.
 */
function refuseHostilePayloads(packet: unknown[], next: (err?: Error) => void) {
  const [, ...args] = packet;
  const data = args.filter((a) => typeof a !== 'function');
  const found = findHostileText(data.length === 1 ? data[0] : data);
  if (!found) return next();
  const ack = args.at(-1);
  const field = found.field || 'payload';
  if (typeof ack === 'function')
    ack({ ok: false, message: TEXT_MSG.inField(field, found.problem) });
}

/** How sockets follow their sessions: the changes this copy hears, the periodic check's pace. */
interface SessionWatch {
  changes: ChangeFeed;
  recheckMs: number;
}

export function createRealtime(
  server: HttpServer,
  db: Db,
  redis: RedisLink | null,
  redisPrefix: string,
  log: EventLog & { warn(obj: object, msg: string): void },
  watch: SessionWatch,
): Realtime {
  const io: IoServer = new Server(server, {
    path: '/socket.io',
    serveClient: false,
    // Slow mobile links: allow long-polling fallback, modest ping timings.
    pingInterval: 25_000,
    pingTimeout: 20_000,
  });

  if (redis) {
    io.adapter(
      createAdapter(redis.client, redis.subscriber, {
        key: `${redisPrefix}:socket.io`,
        requestsTimeout: 3000,
      }),
    );
  }
  const root = () => {
    if (!redis || redis.isUp()) return io;
    redis.noteFallback('realtime');
    return io.local;
  };

  // Read fresh at every handshake (never from the short cache), its statement compiled once:
  // after a deploy every connected phone comes back within seconds.
  const readSession = sessionUserReader(kyselyOf(db));
  io.use(async (socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    if (typeof token !== 'string' || !token) return next(new Error(MSG.tokenMissing));
    const problem = hostileProblemOf(token);
    if (problem) return next(new Error(TEXT_MSG.inField('token', problem)));
    try {
      const user = await readSession(hashToken(token));
      if (!user || user.blocked_at) return next(new Error(MSG.unauthenticated));
      const data: SocketData = { userId: user.id, sessionId: user.session_id };
      Object.assign(socket.data as object, data);
      next();
    } catch {
      next(new Error(MSG.generic));
    }
  });

  const handlers: ConnectionHandler[] = [];
  io.on('connection', (socket) => {
    const { userId, sessionId } = socket.data as SocketData;
    void socket.join([userRoom(userId), sessionRoom(sessionId)]);
    socket.use(refuseHostilePayloads);
    for (const h of handlers) h(socket, userId);
  });

  const guard = guardSessions({ local: io.local, db: kyselyOf(db), log, ...watch });
  // Back after an outage, the pub/sub may have missed events meant to close sockets.
  redis?.subscriber.on('ready', () => void guard.checkAll());

  const shared = {
    io,
    async fetchSockets(room) {
      try {
        return await root().in(room).fetchSockets();
      } catch (err) {
        redis?.noteFallback('realtime', err);
        return io.local.in(room).fetchSockets();
      }
    },
    onConnection: (h) => handlers.push(h),
    async close() {
      guard.stop();
      // Fastify owns the HTTP server and closes it; here only the connections. Their transport
      // is cut without a goodbye, so the phones reconnect by themselves (to this copy once it is
      // back, or to another); a socket.io disconnect would tell them never to try again.
      io.engine.close();
    },
  } satisfies Omit<Realtime, 'to' | 'emitToUser' | 'emitToRoom' | 'withLog'>;
  const withLog = (eventLog: EventLog): Realtime => {
    const to = (rooms: string | string[]) =>
      loggedTarget(root().to(rooms), eventLog, ([] as string[]).concat(rooms));
    return {
      ...shared,
      to,
      emitToUser: (userId, event, payload) => to(userRoom(userId)).emit(event, payload),
      emitToRoom: (room, event, payload) => to(room).emit(event, payload),
      withLog,
    };
  };
  return withLog(log);
}
