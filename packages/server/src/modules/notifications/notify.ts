/**
 * The one `notify(userId, type, data)` every feature calls: stores the notification, emits
 * `notification.received` to the member's room, and for chat messages, matches and likes also
 * sends a Web Push so a member whose app is closed hears of it.
 */
import {
  NOTIFICATION_INFO,
  PUSH_TYPES,
  REALTIME_EVENTS,
  type TNotificationData,
} from '@app/shared';
import type { Deps, Notify, NotifyMany } from '../../deps.js';
import { insertNotifications, type NotificationRow } from './notification.repository.js';
import { presentNotification } from './notification.presenter.js';

/** Call after the caller's transaction commits: the event leaves at once. */
export type { Notify, NotifyMany } from '../../deps.js';

/** What notifying needs: built before the rest of Deps, which then carries notify itself. */
export type NotifyDeps = Pick<Deps, 'db' | 'realtime' | 'push' | 'log'>;

/** One member's notification: the many-member path with a single id. */
export function createNotify(deps: NotifyDeps): Notify {
  const notifyMany = createNotifyMany(deps);
  return async (userId, type, data = {}) => {
    const [notification] = await notifyMany([userId], type, data);
    if (!notification) throw new Error('insert notification failed');
    return notification;
  };
}

export function createNotifyMany(deps: NotifyDeps): NotifyMany {
  return async (userIds, type, data = {}) => {
    if (userIds.length === 0) return [];
    const info = NOTIFICATION_INFO[type];
    const rows = await insertNotifications(deps.db, {
      userIds,
      type,
      title: info.title,
      message: info.message(data),
      data,
    });
    return rows.map((row) => deliver(deps, row, data));
  };
}

/** After the row is stored: the live event to the member's room, and Web Push for its types. */
function deliver(deps: NotifyDeps, row: NotificationRow, data: TNotificationData) {
  const { user_id: userId, type } = row;
  const notification = presentNotification(row);
  deps.realtime.emitToUser(userId, REALTIME_EVENTS.notificationReceived, notification);
  if (PUSH_TYPES.includes(type)) {
    void deps.push
      .send(userId, {
        title: notification.title,
        body: notification.message,
        url: notification.action ?? '/home',
        tag: `${type}:${data.chat_id ?? notification.id}`,
        icon: '/icon-192.png',
      })
      .catch((err: unknown) => deps.log.warn({ err }, 'push en échec'));
  }
  return notification;
}
