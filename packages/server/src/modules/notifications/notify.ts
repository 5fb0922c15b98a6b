/**
 * The one `notify(userId, type, data)` every feature calls: stores the notification (a chat's
 * messages share one unread row: chat-message-notification.ts), emits `notification.received`
 * to the member's room (the same id when a row was updated, so the app replaces it), and for
 * chat messages, matches and likes also sends a Web Push so a member whose app is closed hears
 * of it (one per chat on the phone: the chat's tag, renotifying).
 */
import { NOTIFICATION_INFO, PUSH_TYPES, REALTIME_EVENTS, type TNotification } from '@app/shared';
import type { Deps, Notify, NotifyMany } from '../../deps.js';
import { insertNotifications, type StoredNotification } from './notification.repository.js';
import { storeChatMessage } from './chat-message-notification.js';
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
    if (type === 'chat_message' && data.chat_id !== undefined) {
      const rows: StoredNotification[] = [];
      for (const userId of userIds) rows.push(await storeChatMessage(deps.db, userId, data));
      return rows.map((row) => deliver(deps, row));
    }
    const rows = await insertNotifications(deps.db, {
      userIds,
      type,
      title: info.title,
      message: info.message(data),
      data,
    });
    return rows.map((row) => deliver(deps, row));
  };
}

/** After the row is stored: the live event to the member's room, and Web Push for its types. */
function deliver(deps: NotifyDeps, row: StoredNotification) {
  const { user_id: userId, type, push_targets: targets, ...stored } = row;
  const notification = presentNotification({ user_id: userId, type, ...stored });
  deps.realtime.emitToUser(userId, REALTIME_EVENTS.notificationReceived, notification);
  if (PUSH_TYPES.includes(type)) {
    void deps.push
      .send(userId, pushOf(notification), targets)
      .catch((err: unknown) => deps.log.warn({ err }, 'push en échec'));
  }
  return notification;
}

/**
 * The Web Push payload. A chat's messages share the tag `chat:<id>`, so the phone replaces its
 * notification (now counting them) and, with `renotify`, still rings for each new one.
 */
function pushOf(notification: TNotification) {
  const { data } = notification;
  const base = {
    title: notification.title,
    body: notification.message,
    url: notification.action ?? '/home',
    icon: '/icon-192.png',
  };
  if (notification.type === 'chat_message' && data.chat_id !== undefined) {
    return { ...base, tag: `chat:${data.chat_id}`, renotify: true };
  }
  return { ...base, tag: `${notification.type}:${data.chat_id ?? notification.id}` };
}
