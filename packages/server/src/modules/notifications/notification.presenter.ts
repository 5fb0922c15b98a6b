/** The notification as the client reads it (spec 1 §3). */
import { NOTIFICATION_INFO, type TNotification } from '@app/shared';
import type { NotificationRow } from './notification.repository.js';

export function presentNotification(n: NotificationRow): TNotification {
  const info = NOTIFICATION_INFO[n.type];
  const created = n.created_at.toISOString();
  return {
    id: n.id,
    user_id: n.user_id,
    type: n.type,
    title: n.title,
    message: n.message,
    data: n.data,
    icon: info.icon,
    color: info.color,
    action: info.action(n.data),
    timestamp: created,
    created_at: created,
    read_at: n.read_at ? n.read_at.toISOString() : null,
  };
}
