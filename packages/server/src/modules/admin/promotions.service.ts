/**
 * Sending a promotion from the console: claim it (a repeat within the window answers 409),
 * notify every recipient page by page through the one `notify`, then record the tally and the
 * audit row together. A send cut short still records how many members it reached.
 */
import type { FastifyInstance } from 'fastify';
import {
  PROMOTION_INACTIVE_DAYS,
  PROMOTION_MSG,
  PROMOTION_REPEAT_WINDOW_MIN,
  type TPromotionRequest,
  type TPromotionResult,
} from '@app/shared';
import type { Db } from '../../db/db.js';
import { AppError } from '../../errors.js';
import type { NotifyMany } from '../notifications/notify.js';
import * as repo from './promotions.repository.js';
import { audit } from './staff.js';

/**
 * Recipients per page: read, stored (one insert) and told live together, so a large membership
 * never sits in memory at once and 100 000 members cost 200 inserts, not 100 000.
 */
export const PROMOTION_PAGE_SIZE = 500;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export interface PromotionCtx {
  db: Db;
  notifyMany: NotifyMany;
  now: Date;
  actorId: number;
}

export const promotionCtx = (app: FastifyInstance, actorId: number): PromotionCtx => ({
  db: app.db,
  notifyMany: app.notifyMany,
  now: new Date(),
  actorId,
});

export async function sendPromotion(
  ctx: PromotionCtx,
  input: TPromotionRequest,
): Promise<TPromotionResult> {
  const id = await ctx.db.transaction((tx) =>
    repo.claimPromotion(tx, {
      actorId: ctx.actorId,
      message: input.message,
      audience: input.audience,
      now: ctx.now,
      repeatSince: new Date(ctx.now.getTime() - PROMOTION_REPEAT_WINDOW_MIN * MINUTE_MS),
    }),
  );
  if (id === null) throw new AppError('conflict', PROMOTION_MSG.repeated, { status: 409 });
  const tally = { sent: 0 };
  try {
    await notifyRecipients(ctx, input, tally);
  } finally {
    await ctx.db.transaction(async (tx) => {
      await repo.recordPromotionSent(tx, id, tally.sent);
      await audit(tx, {
        actorId: ctx.actorId,
        action: 'promotion.send',
        targetType: 'promotion',
        targetId: id,
        reason: input.message,
        data: { audience: input.audience, sent: tally.sent },
      });
    });
  }
  return { sent: tally.sent };
}

/** Walks the recipients by keyset pages, each page notified at once. */
async function notifyRecipients(
  ctx: PromotionCtx,
  input: TPromotionRequest,
  tally: { sent: number },
) {
  const inactiveSince =
    input.audience === 'inactive_7d'
      ? new Date(ctx.now.getTime() - PROMOTION_INACTIVE_DAYS * DAY_MS)
      : null;
  let afterId = 0;
  for (;;) {
    const ids = await repo.findPromotionRecipients(ctx.db, {
      afterId,
      inactiveSince,
      limit: PROMOTION_PAGE_SIZE,
    });
    const sent = await ctx.notifyMany(ids, 'promotion', { message: input.message });
    tally.sent += sent.length;
    const last = ids.at(-1);
    if (last === undefined || ids.length < PROMOTION_PAGE_SIZE) return;
    afterId = last;
  }
}
