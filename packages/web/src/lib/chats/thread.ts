/**
 * One conversation's messages in the cache, as pure functions: merge a fresh first page with
 * what was loaded before, prepend older pages, and apply realtime events (new, delivered,
 * read, deleted, edited). Also lays the list out with day separators.
 */
import type { TChatMessage } from '@app/shared';
import { MESSAGES_PAGE_SIZE } from '@app/shared';
import { dayKey, dayLabel } from './dates';
import type { OutboxItem } from './outbox';
import { laterStatus } from './ticks';
import type { ChatThread, MessagesPage, TChatDetails, TReadEvent } from './types';

const byId = (a: TChatMessage, b: TChatMessage) => a.id - b.id;

/**
 * A fresh details answer (the last 20 messages) merged with the cached thread: older loaded
 * messages are kept when the fresh page reaches back to them; after a longer gap the fresh page
 * starts over (older ones load again on scroll).
 */
export function threadFromDetails(details: TChatDetails, cached?: ChatThread): ChatThread {
  const { messages: fresh, ...chat } = details;
  const oldestFresh = fresh[0];
  const freshHasMore = fresh.length >= MESSAGES_PAGE_SIZE;
  const base = {
    chat,
    messages: fresh,
    has_more: freshHasMore,
    next_before_id: freshHasMore && oldestFresh ? oldestFresh.id : null,
  };
  if (!cached || !oldestFresh) return base;
  const newestCached = cached.messages.at(-1);
  const overlaps =
    !freshHasMore || (newestCached !== undefined && newestCached.id >= oldestFresh.id);
  if (!overlaps) return base;
  const older = cached.messages.filter((m) => m.id < oldestFresh.id);
  if (older.length === 0) return base;
  return {
    chat,
    messages: [...older, ...fresh],
    has_more: cached.has_more,
    next_before_id: cached.next_before_id,
  };
}

/** An older page goes before the loaded messages. */
export function prependOlder(t: ChatThread, page: MessagesPage): ChatThread {
  const known = new Set(t.messages.map((m) => m.id));
  const older = page.data.filter((m) => !known.has(m.id));
  return {
    ...t,
    messages: [...older, ...t.messages].sort(byId),
    has_more: page.has_more,
    next_before_id: page.next_before_id,
  };
}

/** Read already, by a receipt that came before the message itself. */
function withReadMark(t: ChatThread, m: TChatMessage): TChatMessage {
  const mark = t.read_mark;
  if (!mark || m.sender_id === mark.user_id || m.id > mark.up_to) return m;
  const status = laterStatus(m.status, 'read');
  return status === m.status ? m : { ...m, status };
}

/** A new (or re-sent) message: inserted once, in id order; a known id keeps its best status. */
export function addMessage(t: ChatThread, incoming: TChatMessage): ChatThread {
  const m = withReadMark(t, incoming);
  const i = t.messages.findIndex((x) => x.id === m.id);
  if (i >= 0) {
    const old = t.messages[i];
    if (!old) return t;
    const merged = { ...m, status: laterStatus(old.status, m.status) };
    return { ...t, messages: t.messages.map((x, j) => (j === i ? merged : x)) };
  }
  const last = t.messages.at(-1);
  const messages = !last || last.id < m.id ? [...t.messages, m] : [...t.messages, m].sort(byId);
  return { ...t, messages };
}

function withStatus(
  t: ChatThread,
  hit: (m: TChatMessage) => boolean,
  status: 'delivered' | 'read',
) {
  let changed = false;
  const messages = t.messages.map((m) => {
    if (!hit(m)) return m;
    const next = laterStatus(m.status, status);
    if (next === m.status) return m;
    changed = true;
    return { ...m, status: next };
  });
  return changed ? { ...t, messages } : t;
}

export function markDelivered(t: ChatThread, ids: number[]): ChatThread {
  const set = new Set(ids);
  return withStatus(t, (m) => set.has(m.id), 'delivered');
}

/**
 * A read event: the reader read every listed message and, as reading goes up to a message, every
 * earlier one the other member sent to them.
 */
export function markRead(t: ChatThread, e: TReadEvent): ChatThread {
  const set = new Set(e.message_ids);
  const read = withStatus(
    t,
    (m) => set.has(m.id) || (m.sender_id !== e.user_id && m.id <= e.message_id),
    'read',
  );
  const upTo = Math.max(e.message_id, ...e.message_ids);
  const mark = t.read_mark;
  if (mark && mark.user_id === e.user_id && mark.up_to >= upTo) return read;
  return { ...read, read_mark: { user_id: e.user_id, up_to: upTo } };
}

export function removeMessage(t: ChatThread, id: number): ChatThread {
  return t.messages.some((m) => m.id === id)
    ? { ...t, messages: t.messages.filter((m) => m.id !== id) }
    : t;
}

export function replaceMessage(t: ChatThread, incoming: TChatMessage): ChatThread {
  const m = withReadMark(t, incoming);
  return t.messages.some((x) => x.id === m.id)
    ? {
        ...t,
        messages: t.messages.map((x) =>
          x.id === m.id ? { ...m, status: laterStatus(x.status, m.status) } : x,
        ),
      }
    : t;
}

/** Does the member have messages from the other one not yet marked read? */
export function hasUnreadFrom(t: ChatThread, meId: number): boolean {
  return t.messages.some((m) => m.sender_id !== meId && m.status !== 'read');
}

export type ThreadRow =
  | { kind: 'day'; key: string; label: string }
  | { kind: 'message'; key: string; message: TChatMessage; mine: boolean }
  | { kind: 'pending'; key: string; item: OutboxItem };

/** The list as drawn: a day separator before each new local day, then the outbox at the end. */
export function buildRows(
  messages: TChatMessage[],
  pending: OutboxItem[],
  meId: number,
  now: number,
): ThreadRow[] {
  const rows: ThreadRow[] = [];
  let lastDay = '';
  const separate = (iso: string) => {
    const t = Date.parse(iso);
    const key = Number.isNaN(t) ? lastDay : dayKey(new Date(t));
    if (key === lastDay) return;
    lastDay = key;
    rows.push({ kind: 'day', key: `day-${key}`, label: dayLabel(iso, now) });
  };
  for (const m of messages) {
    separate(m.created_at);
    rows.push({ kind: 'message', key: `m-${m.id}`, message: m, mine: m.sender_id === meId });
  }
  // A queued message whose stored copy already arrived (its own answer was lost) shows once.
  const arrived = new Set(messages.flatMap((m) => (m.client_id ? [m.client_id] : [])));
  for (const item of pending) {
    if (arrived.has(item.client_id)) continue;
    separate(item.created_at);
    rows.push({ kind: 'pending', key: `p-${item.local_id}`, item });
  }
  return rows;
}
