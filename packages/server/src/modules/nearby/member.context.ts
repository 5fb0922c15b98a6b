/**
 * What the swipe and nearby services need about the request: the signed-in member, the clock,
 * the database, the rate limiter, notifications and photo addresses. Tests can build one by hand.
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/db.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import type { Notify } from '../notifications/notify.js';
import type { PhotoVariant } from '../../adapters/images/photos.js';
import { requireUser } from '../../auth/require-user.js';
import { photoUrlsOf } from '../profiles/photos.js';

export type PhotoUrls = Record<PhotoVariant, string>;

export interface MemberCtx {
  db: Db;
  me: number;
  now: Date;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
  notify: Notify;
  photos(key: string | null): PhotoUrls | null;
}

export function memberCtx(app: FastifyInstance, req: FastifyRequest): MemberCtx {
  return {
    db: app.db,
    me: requireUser(req).id,
    now: new Date(),
    limiter: app.limiter,
    log: req.log,
    notify: app.notify,
    photos: (key) => photoUrlsOf(app, key),
  };
}
