/**
 * Announcements: the home feed, the member's own list, pricing, publication (validated,
 * moderated for phone numbers and contact words, paid through the coin ledger) and deletion.
 */
import {
  ANNOUNCEMENT_MSG,
  descriptionProblem,
  type TAnnouncementCost,
  type TCreateAnnouncementRequest,
  type TCreatedAnnouncement,
  type TFeedQuery,
} from '@app/shared';
import type { Deps } from '../../deps.js';
import type { Config } from '../../config/index.js';
import { AppError, notFound } from '../../errors.js';
import { applyMovement, findBalance } from '../coins/index.js';
import * as repo from './announcement.repository.js';
import { findNearestAnnouncements, findNewestAnnouncements } from './feed.repository.js';
import { presentFeedAnnouncement, presentOwnAnnouncement } from './announcement.presenter.js';

/** Publications per member and hour: a brake on flooding the feed, far above real use. */
const PUBLISH_LIMIT = { max: 10, windowS: 3600 } as const;
/** At most this many matched members hear of one announcement. */
const NOTIFY_MAX_RECIPIENTS = 100;

/** ANNOUNCEMENT_COST and ANNOUNCEMENT_FIRST_FREE (config/product.ts); /announcements/cost tells the web. */
type Pricing = Config['announcements'];

const priceFor = (pricing: Pricing, isFirst: boolean) =>
  isFirst && pricing.firstFree ? 0 : pricing.cost;

const pageOf = (page: number, perPage: number, fetched: number) => ({
  page,
  per_page: perPage,
  has_more: fetched > perPage,
});

/** One page of the feed; a signed-in viewer's views are counted (once per announcement). */
export async function listFeed(deps: Deps, viewerId: number | null, q: TFeedQuery) {
  const filter = {
    viewerId,
    category: q.category ?? null,
    gender: q.seeking ?? null,
    limit: q.per_page + 1,
    offset: (q.page - 1) * q.per_page,
  };
  const rows =
    q.user_lat !== undefined && q.user_lng !== undefined
      ? await findNearestAnnouncements(deps.db, filter, { lat: q.user_lat, lng: q.user_lng })
      : await findNewestAnnouncements(deps.db, filter);
  const visible = rows.slice(0, q.per_page);
  const views = viewerId
    ? await repo.recordViews(
        deps.db,
        viewerId,
        visible.map((r) => r.id),
      )
    : new Map<number, number>();
  return {
    data: visible.map((r) =>
      presentFeedAnnouncement(deps.storage, r, deps.clock.now(), views.get(r.id)),
    ),
    pagination: pageOf(q.page, q.per_page, rows.length),
  };
}

export async function listOwnAnnouncements(
  deps: Deps,
  userId: number,
  page: number,
  perPage: number,
) {
  const rows = await repo.findOwnAnnouncements(deps.db, userId, perPage + 1, (page - 1) * perPage);
  return {
    data: rows.slice(0, perPage).map(presentOwnAnnouncement),
    pagination: pageOf(page, perPage, rows.length),
  };
}

export async function announcementCost(deps: Deps, userId: number): Promise<TAnnouncementCost> {
  const [publishedBefore, balance] = await Promise.all([
    repo.hasPublishedBefore(deps.db, userId),
    findBalance(deps.db, userId),
  ]);
  return {
    cost: priceFor(deps.config.announcements, !publishedBefore),
    is_first_announcement: !publishedBefore,
    user_balance: balance ?? 0,
  };
}

/** Refuses a description the rules of spec 2 §5 do not allow, as a field error. */
function checkDescription(description: string) {
  const problem = descriptionProblem(description);
  if (!problem) return;
  const rejected = problem.kind === 'content';
  throw new AppError(rejected ? 'announcement_rejected' : 'validation', problem.message, {
    fields: { description: [problem.message] },
    extra: rejected ? { rejected: true } : {},
  });
}

/** The ledger's refusal, worded for announcements, with the amounts the modal shows. */
function insufficientCoins(err: unknown): unknown {
  if (!(err instanceof AppError) || err.code !== 'insufficient_coins') return err;
  return new AppError('insufficient_coins', ANNOUNCEMENT_MSG.insufficientCoins, {
    status: 422,
    extra: err.extra,
  });
}

/**
 * Saves the announcement and debits its price in one transaction under the member's row lock:
 * with too few coins the ledger refuses, the transaction rolls back, nothing is saved.
 */
export async function publishAnnouncement(
  deps: Deps,
  userId: number,
  input: TCreateAnnouncementRequest,
): Promise<TCreatedAnnouncement> {
  checkDescription(input.description);
  await deps.limiter.hit({ key: `announce:user:${userId}`, ...PUBLISH_LIMIT });
  const { row, cost, balance, authorName } = await deps.db.transaction().execute(async (tx) => {
    const me = await repo.lockMember(tx, userId);
    if (!me) throw notFound(ANNOUNCEMENT_MSG.notFound);
    const price = priceFor(deps.config.announcements, !(await repo.hasPublishedBefore(tx, userId)));
    const inserted = await repo.insertAnnouncement(tx, {
      userId,
      description: input.description.trim(),
      category: input.category ?? null,
    });
    let after = me.coins;
    if (price > 0) {
      const movement = await applyMovement(
        tx,
        {
          userId,
          amount: -price,
          reason: 'announcement',
          key: `announcement:${inserted.id}`,
          meta: { announcement_id: inserted.id },
        },
        deps.metrics,
      ).catch((err: unknown) => {
        throw insufficientCoins(err);
      });
      after = movement.balance;
    }
    return { row: inserted, cost: price, balance: after, authorName: me.name };
  });
  await tellMatchedMembers(deps, userId, authorName, row.category);
  return { ...presentOwnAnnouncement(row), cost, user_balance: balance };
}

/**
 * `new_announcement` goes to the members the author matched: people who showed mutual interest
 * want to hear from each other, whereas telling everyone would be spam. The announcement is
 * already saved, so a failure here is logged, not answered.
 */
async function tellMatchedMembers(
  deps: Deps,
  authorId: number,
  authorName: string | null,
  category: string | null,
) {
  try {
    const recipients = await repo.findMatchedMembers(deps.db, authorId, NOTIFY_MAX_RECIPIENTS);
    await deps.notifyMany(recipients, 'new_announcement', {
      name: authorName ?? undefined,
      ...(category ? { announcement_category: category } : {}),
    });
  } catch (err) {
    deps.log.warn({ err, authorId }, 'notification new_announcement en échec');
  }
}

/** Only the author may delete (anyone else: 404, as if it did not exist). */
export async function deleteAnnouncement(deps: Deps, userId: number, id: number) {
  if (!(await repo.softDeleteAnnouncement(deps.db, id, userId))) {
    throw notFound(ANNOUNCEMENT_MSG.notFound);
  }
}
