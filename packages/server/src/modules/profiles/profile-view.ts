/**
 * POST /users/:id/view: a member opened another member's profile (the bottom sheet of the
 * nearby map). The viewed member hears of it through a `profile_view` notification, at most
 * once per viewer and business day, never about themselves, never from a viewer in anonymous
 * mode, and never across a block (a blocked pair answers 404, as if the profile did not exist).
 * The route is in profile.routes.ts; this file takes only the dependencies it uses.
 */
import { SWIPE_MSG } from '@app/shared';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import { businessDay } from '../auth/index.js';
import { findViewable, findViewer, toldSince } from './profile.repository.js';

/** Profiles one member may open per hour: far above real use, a brake on notification spam. */
const VIEW_LIMIT = { max: 300, windowS: 3600 } as const;
const DAY_S = 24 * 3600;

export type ProfileViewOutcome = 'notified' | 'self' | 'anonymous' | 'already_today';

/** The start of the business day of `now`, as an instant (Ouagadougou is UTC all year). */
const dayStart = (now: Date) => new Date(`${businessDay(now)}T00:00:00Z`);

/**
 * Records a view and notifies when the rules allow. The notifications table keeps the day's
 * answer across restarts; the limiter's once-a-day key settles two simultaneous opens (the
 * sheet opened twice in a row), so exactly one of them notifies.
 */
export async function recordProfileView(
  deps: Pick<Deps, 'db' | 'clock' | 'limiter' | 'notify'>,
  me: number,
  viewedId: number,
): Promise<ProfileViewOutcome> {
  if (viewedId === me) return 'self';
  const now = deps.clock.now();
  await deps.limiter.hit({ key: `profile-view:${me}`, ...VIEW_LIMIT });
  if (!(await findViewable(deps.db, me, viewedId))) throw notFound(SWIPE_MSG.targetNotFound);
  const viewer = await findViewer(deps.db, me);
  if (!viewer || viewer.anonymous) return 'anonymous';
  if (await toldSince(deps.db, viewedId, me, dayStart(now))) return 'already_today';
  try {
    await deps.limiter.hit({
      key: `profile-view:${me}:${viewedId}:${businessDay(now)}`,
      max: 1,
      windowS: DAY_S,
    });
  } catch (err) {
    if (err instanceof AppError && err.code === 'rate_limited') return 'already_today';
    throw err;
  }
  await deps.notify(viewedId, 'profile_view', {
    ...(viewer.name ? { name: viewer.name } : {}),
    sender_id: me,
  });
  return 'notified';
}
