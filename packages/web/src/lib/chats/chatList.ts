/**
 * The chat list's live updates (spec 2 §4) as pure functions over the loaded chats, plus the
 * search filter and the bridge to the paginated cache. A new message moves its chat to the
 * top by updated_at and sets last_message, with unread +1 only when the other member sent it;
 * a read by the member lowers the unread count (never below 0); a status event sets the online
 * flag; leaving removes the chat.
 */
import type { TChatMessage, TChatSummary } from '@app/shared';
import type { TReadEvent, TStatusEvent } from './types';

export interface ChatListPage {
  items: TChatSummary[];
  page: number;
  has_more: boolean;
}

function lastMessageOf(m: TChatMessage, meId: number): TChatSummary['last_message'] {
  const mine = m.sender_id === meId;
  return {
    content: m.type === 'text' || m.type === 'call' ? m.content : '',
    type: m.type,
    timestamp: m.created_at,
    is_own_message: mine,
    is_unread: !mine,
    message_id: m.id,
    sender_id: m.sender_id,
  };
}

const byActivity = (a: TChatSummary, b: TChatSummary) =>
  Date.parse(b.updated_at) - Date.parse(a.updated_at);

/**
 * Applies a message.sent event. Returns null when the chat is not among the loaded ones (a new
 * chat, or one further down): the caller then reloads the list.
 */
export function applyNewMessage(
  chats: TChatSummary[],
  m: TChatMessage,
  meId: number,
): TChatSummary[] | null {
  const chat = chats.find((c) => c.id === m.chat_id);
  if (!chat) return null;
  // The same event twice (own room and chat room, or a reconnection): count it once.
  if (chat.last_message && chat.last_message.message_id >= m.id) return chats;
  const updated: TChatSummary = {
    ...chat,
    updated_at: m.created_at,
    last_message: lastMessageOf(m, meId),
    unread_count: chat.unread_count + (m.sender_id === meId ? 0 : 1),
  };
  // A stable sort keeps equal times in their previous order.
  return [updated, ...chats.filter((c) => c !== chat)].sort(byActivity);
}

/**
 * Applies a message.read event. Only the member's own reads (on this or another device) change
 * their unread counts; the server sends every id it marked, so the count drops by that many.
 */
export function applyRead(chats: TChatSummary[], e: TReadEvent, meId: number): TChatSummary[] {
  if (e.user_id !== meId) return chats;
  return chats.map((c) => {
    if (c.id !== e.chat_id) return c;
    const count = Math.max(1, e.message_ids.length);
    const last = c.last_message;
    const lastRead =
      last && (e.message_ids.includes(last.message_id) || last.message_id <= e.message_id);
    return {
      ...c,
      unread_count: Math.max(0, c.unread_count - count),
      last_message: last && lastRead ? { ...last, is_unread: false } : last,
    };
  });
}

/** The member opened the chat and read everything in it. */
export function applyAllRead(chats: TChatSummary[], chatId: number): TChatSummary[] {
  return chats.map((c) =>
    c.id === chatId && (c.unread_count > 0 || c.last_message?.is_unread)
      ? {
          ...c,
          unread_count: 0,
          last_message: c.last_message && { ...c.last_message, is_unread: false },
        }
      : c,
  );
}

/** Applies a user.status.changed event to every chat with that member. */
export function applyStatus(chats: TChatSummary[], e: TStatusEvent): TChatSummary[] {
  if (!chats.some((c) => c.other_user_id === e.user_id && c.is_online !== e.is_online))
    return chats;
  return chats.map((c) => (c.other_user_id === e.user_id ? { ...c, is_online: e.is_online } : c));
}

/** An edited message (message.updated): the preview follows when it shows that message. */
export function applyEdited(chats: TChatSummary[], m: TChatMessage): TChatSummary[] {
  const shows = (c: TChatSummary) =>
    c.id === m.chat_id && c.last_message?.message_id === m.id && m.type === 'text';
  if (!chats.some((c) => shows(c) && c.last_message?.content !== m.content)) return chats;
  return chats.map((c) =>
    shows(c) && c.last_message
      ? { ...c, last_message: { ...c.last_message, content: m.content } }
      : c,
  );
}

export function removeChat(chats: TChatSummary[], chatId: number): TChatSummary[] {
  return chats.filter((c) => c.id !== chatId);
}

/**
 * The other member closed the chat (« Ne plus voir ce profil »): it stays, marked, and without
 * their online dot, as the server lists it.
 */
export function markClosed(chats: TChatSummary[], chatId: number): TChatSummary[] {
  return chats.map((c) => (c.id === chatId ? { ...c, closed: true, is_online: false } : c));
}

/** The search box: a case-insensitive substring of the chat's name. */
export function filterChats(chats: TChatSummary[], query: string): TChatSummary[] {
  const q = query.trim().toLocaleLowerCase('fr');
  if (!q) return chats;
  return chats.filter((c) => c.name.toLocaleLowerCase('fr').includes(q));
}

/** The loaded pages as one list; a chat that moved between two fetches shows once. */
export function flattenPages(pages: ChatListPage[]): TChatSummary[] {
  const seen = new Set<number>();
  const out: TChatSummary[] = [];
  for (const p of pages) {
    for (const c of p.items) {
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      out.push(c);
    }
  }
  return out;
}

/** Puts an updated list back into pages of the same sizes (the last page takes the rest). */
export function rebuildPages(pages: ChatListPage[], chats: TChatSummary[]): ChatListPage[] {
  let start = 0;
  return pages.map((p, i) => {
    const end = i === pages.length - 1 ? chats.length : start + p.items.length;
    const items = chats.slice(start, end);
    start = end;
    return { ...p, items };
  });
}
