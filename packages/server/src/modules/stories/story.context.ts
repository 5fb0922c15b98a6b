/** What the story services need, so tests can set the clock, and who is asking. */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/db.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import { optionalViewerId } from '../announcements/announcement.context.js';

export interface StoryCtx {
  db: Db;
  now: Date;
  limiter: RateLimiter;
  publicUrl: string;
}

export function storyCtx(app: FastifyInstance): StoryCtx {
  return { db: app.db, now: new Date(), limiter: app.limiter, publicUrl: app.config.publicUrl };
}

/**
 * Who views or likes a story. A signed-in member is keyed by their id (once per member, ever).
 * A visitor without a token is keyed by an HMAC of the day, the IP and the browser's user
 * agent under the server secret: once per visitor and day, and neither the IP nor the browser
 * can be read back from what is stored.
 */
export interface StoryActor {
  key: string;
  userId: number | null;
  /** For rate limits of visitors (kept in memory or Redis only, for the window). */
  ip: string;
}

export async function storyActor(
  app: FastifyInstance,
  req: FastifyRequest,
  now: Date,
): Promise<StoryActor> {
  const userId = await optionalViewerId(app, req);
  if (userId !== null) return { key: `m:${userId}`, userId, ip: req.ip };
  const day = now.toISOString().slice(0, 10);
  const agent = req.headers['user-agent'] ?? '';
  const digest = crypto
    .createHmac('sha256', app.secret)
    .update(`story-visitor|${day}|${req.ip}|${agent}`)
    .digest('base64url');
  return { key: `v:${digest}`, userId: null, ip: req.ip };
}
