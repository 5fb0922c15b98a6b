/**
 * The one dependencies object services receive: built once in app.ts, hung on the app as
 * `app.deps`, passed by routes as `withLog(app.deps, req.log)` so log lines carry the
 * request id. No service, presenter or repository takes the Fastify instance.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/index.js';
import type { Db } from './db/db.js';
import type { Database } from './db/kysely.js';
import type { RedisLink } from './adapters/redis/redis-link.js';
import type { Realtime } from './realtime/realtime.js';
import type { Storage } from './adapters/storage/storage.js';
import type { RateLimiter } from './http/rate-limit.js';
import type { AppMailer } from './adapters/mail/mailer.js';
import type { GoogleAuth } from './adapters/google/google-auth.js';
import type { GeoLocator } from './adapters/geoip/geo-locator.js';
import type { PushSender } from './adapters/push/web-push.js';
import type { Metrics } from './metrics/metrics.js';
import type { SessionCache } from './auth/session-cache.js';
import type { ChangeFeed } from './db/change-feed.js';
import type { TNotification, TNotificationData, TNotificationType } from '@app/shared';

/** The time services read; tests give a fixed one. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** One member's notification; call after the caller's transaction commits: the event leaves at once. */
export type Notify = (
  userId: number,
  type: TNotificationType,
  data?: TNotificationData,
) => Promise<TNotification>;

/** The same notification to many members: one insert for all, then each one's event. */
export type NotifyMany = (
  userIds: number[],
  type: TNotificationType,
  data?: TNotificationData,
) => Promise<TNotification[]>;

export interface Deps {
  /** The typed query layer (Kysely): what repositories take. */
  db: Database;
  /** Who holds a session token, remembered a few seconds (auth/session-cache.ts). */
  sessions: SessionCache;
  /** The changes announced by repositories, this copy's and the others' (db/changes.ts). */
  changes: ChangeFeed;
  /** The raw SQL facade, for modules not yet on Kysely; same connections as `db`. */
  sql: Db;
  config: Config;
  clock: Clock;
  /** The app's logger; a request's own once `withLog` has been applied. */
  log: FastifyBaseLogger;
  redis: RedisLink | null;
  realtime: Realtime;
  storage: Storage;
  limiter: RateLimiter;
  mailer: AppMailer;
  googleAuth: GoogleAuth | null;
  geoLocator: GeoLocator;
  push: PushSender;
  notify: Notify;
  notifyMany: NotifyMany;
  secret: Buffer;
  /** The secret before a rotation (APP_SECRET_PREVIOUS): checks links, never signs. */
  previousSecret: Buffer | null;
  /** Business events counted for Prometheus (GET /metrics); one registry per app. */
  metrics: Metrics;
  /** The realtime and the notifiers writing their lines with `log` (see withLog). */
  loggingWith(log: FastifyBaseLogger): Pick<Deps, 'realtime' | 'notify' | 'notifyMany'>;
}

/**
 * The same deps logging with this logger (a request's `req.log`): the services' lines, the
 * realtime events the request causes and its notifications' lines all carry its request id.
 */
export function withLog(deps: Deps, log: FastifyBaseLogger): Deps {
  return log === deps.log ? deps : { ...deps, log, ...deps.loggingWith(log) };
}
