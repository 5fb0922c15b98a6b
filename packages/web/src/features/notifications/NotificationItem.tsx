/**
 * One panel item (spec 1 §2): the type's icon or the liker's photo, the message, a relative
 * time, coin badges, unread styling, and the type's own button when it has one.
 */
import { memo } from 'react';
import type { TNotification } from '@app/shared';
import { coinBadges } from '../../lib/notifications/notificationCache';
import { itemButton, type ItemButton } from './notificationActions';
import { NOTIFICATION_ICONS } from './notificationIcons';
import { relativeTime } from './relativeTime';
import { NOTIF_TEXT } from '../../lib/notifications/texts';
import { Photo } from '../../ui/Photo';

function ItemIcon({ n }: { n: TNotification }) {
  const photo = n.type === 'profile_like' ? n.data?.liker_photo : null;
  if (photo) {
    return (
      <Photo
        className="notif-icon notif-photo"
        src={photo}
        alt={n.data?.liker_name ?? ''}
        width={44}
        height={44}
        loading="lazy"
        decoding="async"
      />
    );
  }
  const Icon = NOTIFICATION_ICONS[n.type];
  return (
    <span className="notif-icon" style={{ color: n.color }} aria-hidden>
      <Icon className="notif-emoji" />
    </span>
  );
}

export const NotificationItem = memo(function NotificationItem({
  n,
  now,
  onTap,
  onButton,
}: {
  n: TNotification;
  now: number;
  onTap: (n: TNotification) => void;
  onButton: (n: TNotification, b: ItemButton) => void;
}) {
  const unread = !n.read_at;
  const button = itemButton(n);
  const when = n.created_at || n.timestamp;
  return (
    <li className={unread ? 'notif-item unread' : 'notif-item'} data-testid="notification-item">
      <button type="button" className="notif-main" onClick={() => onTap(n)}>
        <ItemIcon n={n} />
        <span className="notif-body">
          <span className="notif-message">{n.message}</span>
          <span className="notif-meta">
            <time dateTime={when}>{relativeTime(when, now)}</time>
            {coinBadges(n).map((c, i) => (
              <span key={i} className="notif-coins">
                {NOTIF_TEXT.coins(c)}
              </span>
            ))}
          </span>
        </span>
        {unread && (
          <span className="notif-dot">
            <span className="visually-hidden">{NOTIF_TEXT.unreadLabel}</span>
          </span>
        )}
      </button>
      {button && (
        <button type="button" className="notif-action" onClick={() => onButton(n, button)}>
          {button.label}
        </button>
      )}
    </li>
  );
});
