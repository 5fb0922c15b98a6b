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
import { insertNotification } from './notification.repository.js';
import { presentNotification } from './notification.presenter.js';

/** Call after the caller's transaction commits: the event leaves at once. */
export type Notify = (
  userId: number,
  type: TNotificationType,
  data?: TNotificationData,
) => Promise<TNotification>;

export function createNotify(app: FastifyInstance): Notify {
  return async (userId, type, data = {}) => {
    const info = NOTIFICATION_INFO[type];
    const row = await insertNotification(app.db, {
      userId,
      type,
      title: info.title,
      message: info.message(data),
      data,
    });
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
  };
}
