/** The member's notifications: a page with the unread count, marking one or all read. */
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import * as repo from './notification.repository.js';
import { presentNotification } from './notification.presenter.js';

const NOT_FOUND = 'Notification introuvable';

export async function listNotifications(
  deps: Pick<Deps, 'db'>,
  userId: number,
  page: { page: number; per_page: number },
) {
  const { page: n, per_page } = page;
  const rows = await repo.findNotifications(deps.db, userId, per_page + 1, (n - 1) * per_page);
  return {
    notifications: rows.slice(0, per_page).map(presentNotification),
    unreadCount: await repo.countUnread(deps.db, userId),
    hasMore: rows.length > per_page,
  };
}

/** Marks one of the member's own notifications read (404 otherwise); the unread count after. */
export async function readNotification(deps: Pick<Deps, 'db'>, userId: number, id: number) {
  if (!(await repo.markRead(deps.db, userId, id))) {
    throw new AppError('not_found', NOT_FOUND, { status: 404 });
  }
  return repo.countUnread(deps.db, userId);
}

export function readAllNotifications(deps: Pick<Deps, 'db'>, userId: number) {
  return repo.markAllRead(deps.db, userId);
}
