/**
 * Notifications (spec 1 §4 "Notification lifecycle", §7): one cached, paginated list that the
 * bell's badge and the panel share; marking read (one or all) updates it at once and is
 * rolled back on failure; notifications received live are merged into it, and whatever was
 * missed while the realtime connection was down is fetched when it comes back.
 */
import { useEffect } from 'react';
import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { MSG, REALTIME_EVENTS } from '@app/shared';
import { ApiError, firstError, type ApiResult, hasMoreOf } from './client';
import { call } from './call';
import { keepLiveChange } from './liveCache';
import { getToken } from '../auth/session';
import { onRealtimeEvent, onRealtimeReconnect } from '../realtime/socket';
import {
  changesCoins,
  isNotification,
  markAllReadIn,
  markChatReadIn,
  markReadIn,
  mergeIncoming,
  unreadCountOf,
  withUnreadCount,
  type NotificationsCache,
  type NotificationsPage,
} from '../lib/notifications/notificationCache';
import { memberChanged } from './memberChanged';

const notificationsKey = ['notifications'] as const;
export const notificationsListKey = [...notificationsKey, 'list'] as const;
const NOTIFICATIONS_PER_PAGE = 20;

function unreadOf(res: { success: boolean; unread_count?: number }): number | null {
  return res.success && typeof res.unread_count === 'number' ? res.unread_count : null;
}

async function fetchPage(page: number, signal: AbortSignal): Promise<NotificationsPage> {
  const res = await call(
    'notifications.list',
    { page, per_page: NOTIFICATIONS_PER_PAGE },
    { signal },
  );
  if (!res.success) throw new ApiError(firstError(res) || MSG.requestError, res);
  const items = Array.isArray(res.data) ? res.data.filter(isNotification) : [];
  const hasMore = hasMoreOf(res, items.length >= NOTIFICATIONS_PER_PAGE);
  return { items, unread_count: unreadOf(res) ?? 0, page, has_more: hasMore };
}

/** The member's notifications, newest first, 20 a page. */
export function useNotifications() {
  return useInfiniteQuery<
    NotificationsPage,
    Error,
    NotificationsCache,
    typeof notificationsListKey,
    number
  >({
    queryKey: notificationsListKey,
    enabled: !!getToken(),
    staleTime: 30_000,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    getNextPageParam: (last: NotificationsPage) => (last.has_more ? last.page + 1 : undefined),
  });
}

/** The bell's count: loads the first page on mount, then follows the cached list. */
export function useUnreadCount(): number {
  return unreadCountOf(useNotifications().data);
}

async function readAnswer(pending: Promise<ApiResult<unknown>>): Promise<number | null> {
  const res = await pending;
  if (!res.success) throw new ApiError(firstError(res) || MSG.requestError, res);
  return unreadOf(res);
}

/** Applies a change to the cached list at once; restores and refetches it on failure. */
function optimisticList<V>(
  qc: QueryClient,
  update: (c: NotificationsCache | undefined, vars: V) => NotificationsCache | undefined,
) {
  return {
    onMutate: async (vars: V) => {
      await qc.cancelQueries({ queryKey: notificationsListKey });
      const previous = qc.getQueryData<NotificationsCache>(notificationsListKey);
      qc.setQueryData<NotificationsCache>(notificationsListKey, update(previous, vars));
      return { previous };
    },
    onError: (_e: Error, _v: V, ctx: { previous?: NotificationsCache } | undefined) => {
      if (ctx?.previous) qc.setQueryData(notificationsListKey, ctx.previous);
      void qc.invalidateQueries({ queryKey: notificationsListKey });
    },
    // The server's count is the truth (another device may have read some meanwhile).
    onSuccess: (count: number | null) => {
      if (count === null) return;
      qc.setQueryData<NotificationsCache>(notificationsListKey, (c) => withUnreadCount(c, count));
    },
  };
}

const nowIso = () => new Date().toISOString();

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => readAnswer(call('notifications.markRead', { notification_id: id })),
    ...optimisticList<number>(qc, (c, id) => markReadIn(c, id, nowIso())),
  });
}

export function useMarkAllRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => readAnswer(call('notifications.markAllRead', {})),
    ...optimisticList<void>(qc, (c) => markAllReadIn(c, nowIso())),
  });
}

/**
 * Opening a chat reads its message notifications on the server (POST /chats/{id}/read, spec 1
 * §4): the bell follows at once from the cached list, then from the server's count, which also
 * covers notifications of that chat on pages not loaded here.
 */
export function markChatNotificationsRead(qc: QueryClient, chatId: number) {
  const before = qc.getQueryData<NotificationsCache>(notificationsListKey);
  if (!before) return;
  qc.setQueryData<NotificationsCache>(
    notificationsListKey,
    markChatReadIn(before, chatId, nowIso()),
  );
  if (unreadCountOf(before) > 0) void qc.invalidateQueries({ queryKey: notificationsListKey });
}

/**
 * Merges notifications received over the socket into the list (own ones only, each id once: a
 * chat's notification updated by a new message replaces its older version at the top),
 * refreshes the coin balance when one carries coins, and refetches after a reconnection.
 */
export function useLiveNotifications(userId: number | undefined) {
  const qc = useQueryClient();
  useEffect(() => {
    const offEvent = onRealtimeEvent(REALTIME_EVENTS.notificationReceived, (payload) => {
      // Until the member is known, the list's own fetch is the safe way to get it.
      if (userId === undefined) {
        void qc.invalidateQueries({ queryKey: notificationsListKey });
        return;
      }
      if (payload.user_id !== userId) return;
      const before = qc.getQueryData<NotificationsCache>(notificationsListKey);
      if (before) {
        const after = mergeIncoming(before, payload, userId);
        if (after === before) return; // a repeat, or an older version
        qc.setQueryData(notificationsListKey, after);
        keepLiveChange(qc, notificationsListKey);
      } else {
        void qc.invalidateQueries({ queryKey: notificationsListKey });
      }
      if (changesCoins(payload)) void memberChanged(qc);
    });
    const offReconnect = onRealtimeReconnect(() => {
      void qc.invalidateQueries({ queryKey: notificationsKey });
      void memberChanged(qc);
    });
    return () => {
      offEvent();
      offReconnect();
    };
  }, [qc, userId]);
}
