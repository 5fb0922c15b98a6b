/** What the announcement services need, so tests can set the clock and the pricing. */
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/db.js';
import type { Storage } from '../../adapters/storage/storage.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import type { NotifyMany } from '../notifications/notify.js';
import { findSessionUser } from '../../auth/session.repository.js';
import { readToken } from '../../auth/auth.plugin.js';

export interface Pricing {
  /** Pièces debited for a publication that is not free. */
  cost: number;
  /** Whether a member's very first announcement is free. */
  firstFree: boolean;
}

export interface AnnouncementCtx {
  db: Db;
  storage: Storage;
  now: Date;
  log: FastifyBaseLogger;
  limiter: RateLimiter;
  notifyMany: NotifyMany;
  pricing: Pricing;
}

export function announcementCtx(app: FastifyInstance, req: FastifyRequest): AnnouncementCtx {
  return {
    db: app.db,
    storage: app.storage,
    now: new Date(),
    log: req.log,
    limiter: app.limiter,
    notifyMany: app.notifyMany,
    // ANNOUNCEMENT_COST and ANNOUNCEMENT_FIRST_FREE (config.ts); /announcements/cost tells the web.
    pricing: app.config.announcements,
  };
}

/**
 * The signed-in viewer of a public call, or null. A missing, unknown or revoked token, or a
 * blocked account, reads the feed as a visitor would: a public call never answers 401.
 */
export async function optionalViewerId(app: FastifyInstance, req: FastifyRequest) {
  const token = readToken(req);
  if (!token) return null;
  const user = await findSessionUser(app.db, token);
  return user && !user.blocked_at ? user.id : null;
}
