/**
 * Sending a promotion from the console: claim it (a repeat within the window answers 409),
 * notify every recipient page by page through the one `notifyMany`, then record the tally and
 * the audit row together. A send cut short still records how many members it reached.
 */
import {
  PROMOTION_INACTIVE_DAYS,
  PROMOTION_MSG,
  PROMOTION_REPEAT_WINDOW_MIN,
  type TPromotionRequest,
  type TPromotionResult,
} from '@app/shared';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import * as repo from './promotions.repository.js';
import { insertAudit } from './audit.repository.js';

/**
 * Recipients per page: read, stored (one insert) and told live together, so a large membership
 * never sits in memory at once and 100 000 members cost 200 inserts, not 100 000.
 */
export const PROMOTION_PAGE_SIZE = 500;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

type PromotionDeps = Pick<Deps, 'db' | 'notifyMany' | 'clock'>;

export async function sendPromotion(
  deps: PromotionDeps,
  actorId: number,
  input: TPromotionRequest,
): Promise<TPromotionResult> {
  const now = deps.clock.now();
  const id = await deps.db.transaction().execute((trx) =>
    repo.claimPromotion(trx, {
      actorId,
      message: input.message,
      audience: input.audience,
      now,
      repeatSince: new Date(now.getTime() - PROMOTION_REPEAT_WINDOW_MIN * MINUTE_MS),
    }),
  );
  if (id === null) throw new AppError('conflict', PROMOTION_MSG.repeated, { status: 409 });
  const tally = { sent: 0 };
  try {
    await notifyRecipients(deps, now, input, tally);
  } finally {
    await deps.db.transaction().execute(async (trx) => {
      await repo.recordPromotionSent(trx, id, tally.sent);
      await insertAudit(trx, {
        actorId,
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
  deps: PromotionDeps,
  now: Date,
  input: TPromotionRequest,
  tally: { sent: number },
) {
  const inactiveSince =
    input.audience === 'inactive_7d'
      ? new Date(now.getTime() - PROMOTION_INACTIVE_DAYS * DAY_MS)
      : null;
  let afterId = 0;
  for (;;) {
    const ids = await repo.findPromotionRecipients(deps.db, {
      afterId,
      inactiveSince,
      limit: PROMOTION_PAGE_SIZE,
    });
    const sent = await deps.notifyMany(ids, 'promotion', { message: input.message });
    tally.sent += sent.length;
    const last = ids.at(-1);
    if (last === undefined || ids.length < PROMOTION_PAGE_SIZE) return;
    afterId = last;
  }
}
