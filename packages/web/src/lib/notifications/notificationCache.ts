/**
 * Pure rules of the cached notification list (spec 1 §4 "Notification lifecycle"), shared by
 * the bell's badge and the panel: a live notification is merged once (a newer version of one
 * already listed, such as a chat's notification counting one more message, replaces it and
 * moves to the top; a chat's new one replaces its read ones; a repeat is ignored), only the member's own are kept, and the unread count
 * follows every change.
 * The cache is TanStack Query's infinite data: pages of the server's offset pagination.
 */
import type { InfiniteData } from '@tanstack/react-query';
import { NOTIFICATION_TYPES, type TNotification } from '@app/shared';

export interface NotificationsPage {
  items: TNotification[];
  /** The server's count when this page was fetched; the first page's is the live one. */
  unread_count: number;
  page: number;
  has_more: boolean;
}

export type NotificationsCache = InfiniteData<NotificationsPage, number>;

const TYPES: ReadonlySet<string> = new Set(NOTIFICATION_TYPES);

/** A light check of what arrives over the socket or the API before it enters the cache. */
export function isNotification(x: unknown): x is TNotification {
  if (!x || typeof x !== 'object') return false;
  const n = x as Record<string, unknown>;
  return (
    typeof n.id === 'number' &&
    typeof n.user_id === 'number' &&
    typeof n.type === 'string' &&
    TYPES.has(n.type) &&
    typeof n.message === 'string' &&
    (typeof n.created_at === 'string' || typeof n.timestamp === 'string') &&
    (n.read_at === null || n.read_at === undefined || typeof n.read_at === 'string') &&
    (n.data === undefined || n.data === null || typeof n.data === 'object')
  );
}

export function unreadCountOf(cache: NotificationsCache | undefined): number {
  return cache?.pages[0]?.unread_count ?? 0;
}

function findById(cache: NotificationsCache, id: number): TNotification | undefined {
  for (const p of cache.pages) {
    const found = p.items.find((n) => n.id === id);
    if (found) return found;
  }
  return undefined;
}

const countOf = (n: TNotification) => n.data?.count ?? 1;

/**
 * Whether `incoming` is a later state of `listed` (same id): a chat's notification only grows
 * (its count, then its time), so a repeated or late event is not.
 */
function isNewer(incoming: TNotification, listed: TNotification): boolean {
  const [a, b] = [countOf(incoming), countOf(listed)];
  if (a !== b) return a > b;
  return Date.parse(incoming.created_at) > Date.parse(listed.created_at);
}

/**
 * Puts a notification received live at the top of the list; a newer version of one already
 * listed (on any page) replaces it there. Returns the same cache when it is someone else's, a
 * repeat or older version, or when no list is cached yet (the first fetch will bring it).
 */
export function mergeIncoming(
  cache: NotificationsCache | undefined,
  n: TNotification,
  userId: number,
): NotificationsCache | undefined {
  if (!cache || n.user_id !== userId) return cache;
  const listed = findById(cache, n.id);
  if (listed && !isNewer(n, listed)) return cache;
  // A notification read here stays read: the server never makes one unread again.
  const merged = listed?.read_at && !n.read_at ? { ...n, read_at: listed.read_at } : n;
  // The chat's read notifications give way to its new one, as on the server: one row a chat.
  const chatId = n.type === 'chat_message' ? n.data?.chat_id : undefined;
  const replaced = (x: TNotification) =>
    x.id === n.id ||
    (chatId !== undefined &&
      x.type === 'chat_message' &&
      x.data?.chat_id === chatId &&
      x.read_at !== null &&
      x.read_at !== undefined);
  const [first, ...rest] = cache.pages.map((p) =>
    p.items.some(replaced) ? { ...p, items: p.items.filter((x) => !replaced(x)) } : p,
  );
  if (!first) return cache;
  // An unread one counted before: listed unread, or a chat's already counting messages (it was
  // unread, so in the server's count, when this list was fetched, perhaps on a page not loaded).
  const counted = listed ? !listed.read_at : countOf(n) > 1;
  const change = (merged.read_at ? 0 : 1) - (counted ? 1 : 0);
  return {
    ...cache,
    pages: [
      {
        ...first,
        items: [merged, ...first.items],
        unread_count: Math.max(0, first.unread_count + change),
      },
      ...rest,
    ],
  };
}

function setUnread(pages: NotificationsPage[], count: number): NotificationsPage[] {
  const [first, ...rest] = pages;
  return first ? [{ ...first, unread_count: Math.max(0, count) }, ...rest] : pages;
}

/** Marks read the notifications that match (every copy); the count drops once for each. */
function markReadWhere(
  cache: NotificationsCache | undefined,
  matches: (n: TNotification) => boolean,
  readAt: string,
): NotificationsCache | undefined {
  if (!cache) return cache;
  const newlyRead = new Set<number>();
  const pages = cache.pages.map((p) => ({
    ...p,
    items: p.items.map((n) => {
      if (n.read_at || !matches(n)) return n;
      newlyRead.add(n.id);
      return { ...n, read_at: readAt };
    }),
  }));
  if (newlyRead.size === 0) return cache;
  return { ...cache, pages: setUnread(pages, unreadCountOf(cache) - newlyRead.size) };
}

/** Marks one notification read; the count drops once if it was unread. */
export function markReadIn(cache: NotificationsCache | undefined, id: number, readAt: string) {
  return markReadWhere(cache, (n) => n.id === id, readAt);
}

/** Opening a chat reads its message notifications (spec 1 §4). */
export function markChatReadIn(
  cache: NotificationsCache | undefined,
  chatId: number,
  readAt: string,
) {
  return markReadWhere(
    cache,
    (n) => n.type === 'chat_message' && n.data?.chat_id === chatId,
    readAt,
  );
}

export function markAllReadIn(
  cache: NotificationsCache | undefined,
  readAt: string,
): NotificationsCache | undefined {
  if (!cache) return cache;
  const pages = cache.pages.map((p) => ({
    ...p,
    items: p.items.map((n) => (n.read_at ? n : { ...n, read_at: readAt })),
  }));
  return { ...cache, pages: setUnread(pages, 0) };
}

/** The server's answer to a mark-read call is the truth about the count. */
export function withUnreadCount(
  cache: NotificationsCache | undefined,
  count: number,
): NotificationsCache | undefined {
  return cache ? { ...cache, pages: setUnread(cache.pages, count) } : cache;
}

/**
 * The list the panel shows: pages flattened, newest first, each id once (offset pages shift
 * when new notifications arrive, so a later page may repeat the end of an earlier one), and
 * only the member's own.
 */
export function visibleNotifications(
  cache: NotificationsCache | undefined,
  userId: number | undefined,
): TNotification[] {
  if (!cache || userId === undefined) return [];
  const seen = new Set<number>();
  const out: TNotification[] = [];
  for (const page of cache.pages) {
    for (const n of page.items) {
      if (n.user_id !== userId || seen.has(n.id)) continue;
      seen.add(n.id);
      out.push(n);
    }
  }
  return out;
}

/**
 * Coin amounts to show as '+N pièces' badges. `amount` is a coin amount except on payment
 * notifications, where it is the price paid in FCFA (see payment_failed's message).
 */
export function coinBadges(n: TNotification): number[] {
  const d = n.data ?? {};
  const isPayment = n.type === 'payment_success' || n.type === 'payment_failed';
  const values = [d.coins_earned, d.coins_received, isPayment ? undefined : d.amount];
  return values.filter((v): v is number => typeof v === 'number' && v > 0);
}

/** A notification that moves the member's balance: the top bar's coins must be refetched. */
export function changesCoins(n: TNotification): boolean {
  return n.type === 'payment_success' || coinBadges(n).length > 0;
}
