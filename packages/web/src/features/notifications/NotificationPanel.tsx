/**
 * The notification bottom sheet (spec 1 §2): title, 'Tout marquer comme lu' while unread items
 * exist, the list (more pages load near its end) or the empty text, and the per-type actions.
 * Closes on a backdrop tap, Escape, and after navigating.
 */
import { X } from 'lucide-react';
import { useCallback, useRef } from 'react';
import { useNavigate } from '../../lib/router';
import type { TNotification } from '@app/shared';
import { useMarkAllRead, useMarkRead, useNotifications } from '../../api/useNotifications';
import { useProfile } from '../../api/useProfile';
import { unreadCountOf, visibleNotifications } from '../../lib/notifications/notificationCache';
import { tapTarget, type ItemButton } from './notificationActions';
import { NotificationItem } from './NotificationItem';
import { PushOptIn } from './PushOptIn';
import { NOTIF_TEXT } from '../../lib/notifications/texts';
import { Sheet } from '../../ui/Sheet';
import { useNow } from '../../lib/useNow';
import { useLoadMore } from './useLoadMore';
import './notifications.css';

export default function NotificationPanel({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const profile = useProfile();
  const list = useNotifications();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const now = useNow(60_000);
  const sheet = useRef<HTMLDivElement>(null);

  const items = visibleNotifications(list.data, profile.data?.id);
  const hasUnread = unreadCountOf(list.data) > 0 || items.some((n) => !n.read_at);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError } = list;
  const sentinel = useLoadMore(
    sheet,
    () => {
      if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
    },
    items.length > 0 && hasNextPage,
    // Re-check when a page lands or a fetch ends (a cancelled one too): the end may still be in view.
    (list.data?.pages.length ?? 0) * 2 + (isFetchingNextPage ? 1 : 0),
  );

  const { mutate: read } = markRead;
  const go = useCallback(
    (to: string) => {
      onClose();
      navigate(to);
    },
    [navigate, onClose],
  );
  const handleTap = useCallback(
    (n: TNotification) => {
      if (!n.read_at) read(n.id);
      const to = tapTarget(n);
      if (to) go(to);
    },
    [read, go],
  );
  const handleButton = useCallback(
    (n: TNotification, b: ItemButton) => {
      if (b.markRead && !n.read_at) read(n.id);
      if (b.to) go(b.to);
      // The spec's 'Envoyer un message' and 'Voir les annonces' only log.
      else console.info(`[notifications] ${b.label}`, { id: n.id, type: n.type, data: n.data });
    },
    [read, go],
  );

  return (
    <Sheet
      look="page"
      className="notif-sheet"
      labelledBy="notif-title"
      panelRef={sheet}
      onClose={onClose}
    >
      <header className="notif-head">
        <span className="sheet-grip" aria-hidden />
        <h2 id="notif-title">{NOTIF_TEXT.panelTitle}</h2>
        {hasUnread && (
          <button
            type="button"
            className="btn-link notif-mark-all"
            onClick={() => markAll.mutate()}
          >
            {NOTIF_TEXT.markAll}
          </button>
        )}
        <button
          type="button"
          className="icon-btn notif-close"
          aria-label={NOTIF_TEXT.close}
          onClick={onClose}
        >
          <X />
        </button>
      </header>
      <PushOptIn />
      {list.isPending || (items.length === 0 && profile.isPending) ? (
        <div className="notif-state">
          <div className="spinner" aria-hidden />
        </div>
      ) : list.isError && items.length === 0 ? (
        <div className="notif-state">
          <p>{NOTIF_TEXT.loadError}</p>
          <button type="button" className="btn btn-ghost" onClick={() => void list.refetch()}>
            {NOTIF_TEXT.retry}
          </button>
        </div>
      ) : items.length === 0 ? (
        <p className="notif-state muted">{NOTIF_TEXT.empty}</p>
      ) : (
        <ul className="notif-list">
          {items.map((n) => (
            <NotificationItem
              key={n.id}
              n={n}
              now={now}
              onTap={handleTap}
              onButton={handleButton}
            />
          ))}
        </ul>
      )}
      <div ref={sentinel} className="notif-end">
        {isFetchingNextPage && <div className="spinner spinner-small" aria-hidden />}
        {isFetchNextPageError && (
          <button type="button" className="btn-link" onClick={() => void fetchNextPage()}>
            {NOTIF_TEXT.retry}
          </button>
        )}
      </div>
    </Sheet>
  );
}
