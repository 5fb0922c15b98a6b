/**
 * POST /users/:id/view: a member opened another member's profile (the bottom sheet of the
 * nearby map). The viewed member hears of it through a `profile_view` notification, at most
 * once per viewer and business day, never about themselves, never from a viewer in anonymous
 * mode, and never across a block (a blocked pair answers 404, as if the profile did not exist).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SWIPE_MSG } from '@app/shared';
import { one, type Sql } from '../../db/db.js';
import { AppError, notFound } from '../../errors.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import type { Notify } from '../notifications/notify.js';
import { requireUser } from '../../auth/require-user.js';
import { visibleMemberSql } from '../account/visibility.js';
import { notBlockedSql } from '../safety/blocks.js';
import { businessDay } from '../auth/rewards.js';

/** Profiles one member may open per hour: far above real use, a brake on notification spam. */
const VIEW_LIMIT = { max: 300, windowS: 3600 } as const;
const DAY_S = 24 * 3600;

export interface ProfileViewCtx {
  db: Sql;
  me: number;
  now: Date;
  limiter: RateLimiter;
  notify: Notify;
}

export type ProfileViewOutcome = 'notified' | 'self' | 'anonymous' | 'already_today';

/** The viewed member, when the viewer may see them (visible, no block either way). */
const findViewable = (sql: Sql, viewerId: number, viewedId: number) =>
  one<{ id: number }>(
    sql,
    `SELECT u.id FROM users u
      WHERE u.id = $2 AND ${visibleMemberSql('u')} AND ${notBlockedSql('$1::bigint', 'u.id')}`,
    [viewerId, viewedId],
  );

/** The start of the business day of `now`, as an instant (Ouagadougou is UTC all year). */
const dayStart = (now: Date) => new Date(`${businessDay(now)}T00:00:00Z`);

/** Whether the viewed member already heard of this viewer since the start of the day. */
async function toldToday(sql: Sql, viewedId: number, viewerId: number, now: Date) {
  const row = await one(
    sql,
    `SELECT 1 AS x FROM notifications
      WHERE user_id = $1 AND type = 'profile_view' AND data->>'sender_id' = $2::text
        AND created_at >= $3`,
    [viewedId, viewerId, dayStart(now)],
  );
  return !!row;
}

/**
 * Records a view and notifies when the rules allow. The notifications table keeps the day's
 * answer across restarts; the limiter's once-a-day key settles two simultaneous opens (the
 * sheet opened twice in a row), so exactly one of them notifies.
 */
export async function recordProfileView(
  ctx: ProfileViewCtx,
  viewedId: number,
): Promise<ProfileViewOutcome> {
  if (viewedId === ctx.me) return 'self';
  await ctx.limiter.hit({ key: `profile-view:${ctx.me}`, ...VIEW_LIMIT });
  if (!(await findViewable(ctx.db, ctx.me, viewedId))) throw notFound(SWIPE_MSG.targetNotFound);
  const viewer = await one<{ name: string | null; anonymous: boolean }>(
    ctx.db,
    'SELECT name, anonymous FROM users WHERE id = $1',
    [ctx.me],
  );
  if (!viewer || viewer.anonymous) return 'anonymous';
  if (await toldToday(ctx.db, viewedId, ctx.me, ctx.now)) return 'already_today';
  try {
    await ctx.limiter.hit({
      key: `profile-view:${ctx.me}:${viewedId}:${businessDay(ctx.now)}`,
      max: 1,
      windowS: DAY_S,
    });
  } catch (err) {
    if (err instanceof AppError && err.code === 'rate_limited') return 'already_today';
    throw err;
  }
  await ctx.notify(viewedId, 'profile_view', {
    ...(viewer.name ? { name: viewer.name } : {}),
    sender_id: ctx.me,
  });
  return 'notified';
}

const ZViewParams = z.object({
  id: z.coerce
    .number({ error: SWIPE_MSG.targetNotFound })
    .int(SWIPE_MSG.targetNotFound)
    .positive(SWIPE_MSG.targetNotFound)
    .max(Number.MAX_SAFE_INTEGER, SWIPE_MSG.targetNotFound),
});
const ZTokenBody = z.preprocess((v) => v ?? {}, z.object({ token: z.string().optional() }));

export async function profileViewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/users/:id/view',
    {
      preValidation: app.authenticate,
      schema: { params: ZViewParams, body: ZTokenBody, tags: ['profile'] },
    },
    async (req) => {
      await recordProfileView(
        {
          db: app.db,
          me: requireUser(req).id,
          now: new Date(),
          limiter: app.limiter,
          notify: app.notify,
        },
        req.params.id,
      );
      // The same answer whatever was decided: the viewer learns nothing about the other side.
      return { success: true };
    },
  );
}
