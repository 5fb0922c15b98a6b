/**
 * The one `notify(userId, type, data)` every feature calls: stores the notification, emits
 * `notification.received` to the member's room, and for chat messages, matches and likes also
 * sends a Web Push so a member whose app is closed hears of it.
 */
import type { FastifyInstance } from 'fastify';
import {
  NOTIFICATION_INFO,
  PUSH_TYPES,
  REALTIME_EVENTS,
  type TNotification,
  type TNotificationData,
  type TNotificationType,
} from '@app/shared';
import { insertNotifications, type NotificationRow } from './notification.repository.js';
import { presentNotification } from './notification.presenter.js';

/** Call after the caller's transaction commits: the event leaves at once. */
export type Notify = (
  userId: number,
  type: TNotificationType,
  data?: TNotificationData,
) => Promise<TNotification>;

/** The same notification to many members: one insert for all, then each one's event. */
export type NotifyMany = (
  userIds: number[],
  type: TNotificationType,
  data?: TNotificationData,
) => Promise<TNotification[]>;

/** One member's notification: the many-member path with a single id. */
export function createNotify(app: FastifyInstance): Notify {
  const notifyMany = createNotifyMany(app);
  return async (userId, type, data = {}) => {
    const [notification] = await notifyMany([userId], type, data);
    if (!notification) throw new Error('insert notification failed');
    return notification;
  };
}

export function createNotifyMany(app: FastifyInstance): NotifyMany {
  return async (userIds, type, data = {}) => {
    if (userIds.length === 0) return [];
    const info = NOTIFICATION_INFO[type];
    const rows = await insertNotifications(app.db, {
      userIds,
      type,
      title: info.title,
      message: info.message(data),
      data,
    });
    return rows.map((row) => deliver(app, row, data));
  };
}

/** After the row is stored: the live event to the member's room, and Web Push for its types. */
function deliver(app: FastifyInstance, row: NotificationRow, data: TNotificationData) {
  const { user_id: userId, type } = row;
  const notification = presentNotification(row);
  app.realtime.emitToUser(userId, REALTIME_EVENTS.notificationReceived, notification);
  if (PUSH_TYPES.includes(type)) {
    void app.push
      .send(userId, {
        title: notification.title,
        body: notification.message,
        url: notification.action ?? '/home',
        tag: `${type}:${data.chat_id ?? notification.id}`,
        icon: '/icon-192.png',
      })
      .catch((err: unknown) => app.log.warn({ err }, 'push en échec'));
  }
  return notification;
}
