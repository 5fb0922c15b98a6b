/**
 * The one auth hook. The token comes from `Authorization: Bearer` or the body field `token`
 * (spec: calls are POST with a token in the JSON body). Routes opt in with
 * `{ preHandler: app.authenticate }` and then read `req.user`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MSG } from '@app/shared';
import { AppError } from '../errors.js';
import { recordMembersActivity, type SessionRead, type SessionUser } from './session.repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    sessionToken: string | null;
  }
  interface FastifyInstance {
    authenticate: (req: FastifyRequest) => Promise<void>;
  }
  interface FastifyContextConfig {
    /** The route's own session statement, reading what it needs with it (SessionRead). */
    sessionRead?: SessionRead;
  }
}

export function readToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  const body = req.body;
  if (body && typeof body === 'object' && 'token' in body) {
    const t = (body as { token?: unknown }).token;
    if (typeof t === 'string' && t) return t;
  }
  return null;
}

const DAY_MS = 24 * 3600 * 1000;
/**
 * The day's first calls of members are marked active together, one statement this often, not
 * one each: at the evening's peak, thousands of members open the app within minutes (issue 31).
 */
const ACTIVITY_FLUSH_MS = 500;

export const blockedError = () =>
  new AppError('account_blocked', MSG.accountBlocked, {
    status: 403,
    extra: { account_blocked: true, action: 'account_blocked' },
  });

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.decorate('authenticate', async (req: FastifyRequest) => {
    const token = readToken(req);
    if (!token) {
      throw new AppError('unauthenticated', MSG.tokenMissing, {
        status: 401,
        extra: { action: 'redirect_login' },
      });
    }
    // A route's own session read (FastifyContextConfig.sessionRead); a request built by hand
    // (a test calling the decorator) has no route options.
    const sessionRead = (req.routeOptions as Partial<typeof req.routeOptions> | undefined)?.config
      ?.sessionRead;
    const user = await app.deps.sessions.findSessionUser(token, sessionRead);
    if (!user) {
      throw new AppError('unauthenticated', MSG.unauthenticated, {
        status: 401,
        extra: { action: 'redirect_login' },
      });
    }
    if (user.blocked_at) throw blockedError();
    req.user = user;
    req.sessionToken = token;
    recordActivity(user.id);
  });

  // Daily active members: one row per member per (UTC) day, written once per process per day,
  // in batches (ACTIVITY_FLUSH_MS). The day's name is worked out once a day, not on every
  // signed-in request.
  let day = '';
  let dayEndsAt = 0;
  const seenToday = new Set<number>();
  let pending: { day: string; ids: Set<number> } | null = null;
  let flushTimer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> = Promise.resolve();

  function flush() {
    if (flushTimer) clearTimeout(flushTimer);
    flushTimer = null;
    const batch = pending;
    pending = null;
    if (!batch) return flushing;
    flushing = recordMembersActivity(app.deps.db, batch.day, [...batch.ids]).catch((err: unknown) =>
      app.log.warn({ err, members: batch.ids.size }, 'activité non enregistrée'),
    );
    return flushing;
  }

  function recordActivity(userId: number) {
    const now = Date.now();
    if (now >= dayEndsAt || now < dayEndsAt - DAY_MS) {
      void flush(); // yesterday's marks under yesterday's name
      day = new Date(now).toISOString().slice(0, 10);
      dayEndsAt = (Math.floor(now / DAY_MS) + 1) * DAY_MS;
      seenToday.clear();
    }
    if (seenToday.has(userId)) return;
    if (seenToday.size > 100_000) seenToday.clear();
    seenToday.add(userId);
    pending ??= { day, ids: new Set() };
    pending.ids.add(userId);
    flushTimer ??= setTimeout(() => void flush(), ACTIVITY_FLUSH_MS).unref();
  }

  // A copy that stops writes what it still holds.
  app.addHook('onClose', async () => {
    await flush();
  });
});
