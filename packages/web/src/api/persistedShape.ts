/**
 * What of the query cache is kept on the device for reading without a network, and how much: the
 * first pages of the feed, the chat list and the notifications, the last 50 messages of the 10
 * most recently loaded chats, the member's own profile and the guard's status. Only successful
 * answers of those kinds: nothing else (payments, coins, the console, searches) ever leaves memory.
 * The whole stays under MAX_PERSISTED_CHARS of JSON; over it, conversations go first (oldest
 * first), then the feed.
 */
import type { DehydratedState } from '@tanstack/react-query';

type DehydratedQuery = DehydratedState['queries'][number];

/** Pages kept of a list (feed: 2 × 5 announcements, chats: 2 × 20, notifications: 1 × 20). */
const LIST_PAGES = { feed: 2, list: 2, notifications: 1 } as const;
/** Messages kept per conversation, and conversations kept. */
export const THREAD_MESSAGES = 50;
export const THREADS_KEPT = 10;
/** Feed queries kept (one per position and filter the member used): the newest ones. */
const FEEDS_KEPT = 2;
/** The bound of what is written, in characters of JSON (about 1 MB at most as UTF-16). */
export const MAX_PERSISTED_CHARS = 500_000;

type Kind = 'profile' | 'status' | 'chat-list' | 'thread' | 'notifications' | 'feed';

/** The kind of a query that may be kept, or null for every other query. */
export function persistedKind(key: readonly unknown[]): Kind | null {
  const [a, b] = key;
  if (a === 'profile' && key.length === 1) return 'profile';
  if (a === 'auth-status' && key.length === 2) return 'status';
  if (a === 'chats' && b === 'list' && key.length === 2) return 'chat-list';
  if (a === 'chats' && b === 'thread' && typeof key[2] === 'number') return 'thread';
  if (a === 'notifications' && b === 'list' && key.length === 2) return 'notifications';
  if (a === 'announcements' && b === 'feed') return 'feed';
  return null;
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object';

/** An infinite query's first `n` pages. */
function firstPages(data: unknown, n: number): unknown {
  if (!isRecord(data) || !Array.isArray(data.pages) || !Array.isArray(data.pageParams)) return data;
  return { ...data, pages: data.pages.slice(0, n), pageParams: data.pageParams.slice(0, n) };
}

/** A conversation's last THREAD_MESSAGES messages; the older ones can be loaded again. */
function lastMessages(data: unknown): unknown {
  if (!isRecord(data) || !Array.isArray(data.messages)) return data;
  if (data.messages.length <= THREAD_MESSAGES) return data;
  const kept: unknown[] = data.messages.slice(-THREAD_MESSAGES);
  const oldest = kept[0];
  const oldestId = isRecord(oldest) && typeof oldest.id === 'number' ? oldest.id : null;
  return { ...data, messages: kept, has_more: oldestId !== null, next_before_id: oldestId };
}

function trimmed(query: DehydratedQuery, kind: Kind): DehydratedQuery {
  const data = query.state.data;
  const shaped =
    kind === 'thread'
      ? lastMessages(data)
      : kind === 'feed'
        ? firstPages(data, LIST_PAGES.feed)
        : kind === 'chat-list'
          ? firstPages(data, LIST_PAGES.list)
          : kind === 'notifications'
            ? firstPages(data, LIST_PAGES.notifications)
            : data;
  return { ...query, state: { ...query.state, data: shaped } };
}

const newestFirst = (a: DehydratedQuery, b: DehydratedQuery) =>
  b.state.dataUpdatedAt - a.state.dataUpdatedAt;

/** Whether a query of the cache may be written at all (successful and of a kept kind). */
export function mayPersist(query: { queryKey: readonly unknown[]; state: { status: string } }) {
  return query.state.status === 'success' && persistedKind(query.queryKey) !== null;
}

/**
 * The cache as it is written: kept kinds only, successful, trimmed, the fewest conversations and
 * feeds, under the size bound (conversations then feeds dropped, least recent first).
 */
export function shapeForDisk(state: DehydratedState): DehydratedState {
  const queries = state.queries
    .filter((q) => q.state.status === 'success' && q.state.data !== undefined)
    .map((q) => ({ q, kind: persistedKind(q.queryKey) }))
    .filter((e): e is { q: DehydratedQuery; kind: Kind } => e.kind !== null);
  const pick = (kind: Kind, n: number) =>
    queries
      .filter((e) => e.kind === kind)
      .map((e) => trimmed(e.q, kind))
      .sort(newestFirst)
      .slice(0, n);
  const fixed = queries.filter((e) => e.kind !== 'thread' && e.kind !== 'feed');
  const base = fixed.map((e) => trimmed(e.q, e.kind));
  const threads = pick('thread', THREADS_KEPT);
  const feeds = pick('feed', FEEDS_KEPT);
  const sizeOf = (q: DehydratedQuery) => JSON.stringify(q).length + 1;
  let size = [...base, ...feeds, ...threads].reduce((n, q) => n + sizeOf(q), 0);
  // Drop the least recent conversation, then feed, until the whole fits.
  while (size > MAX_PERSISTED_CHARS) {
    const dropped = threads.pop() ?? feeds.pop();
    if (!dropped) return { mutations: [], queries: [] };
    size -= sizeOf(dropped);
  }
  return { mutations: [], queries: [...base, ...feeds, ...threads] };
}
