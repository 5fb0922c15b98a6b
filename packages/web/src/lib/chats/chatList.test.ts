import { describe, expect, it } from 'vitest';
import type { TChatMessage, TChatSummary } from '@app/shared';
import {
  applyAllRead,
  applyEdited,
  applyNewMessage,
  applyRead,
  applyStatus,
  filterChats,
  flattenPages,
  rebuildPages,
  markClosed,
  removeChat,
} from './chatList';
import { chatMessage } from '../../test/chatMessages';

const ME = 1;

function chat(
  id: number,
  otherId: number,
  updated: string,
  extra: Partial<TChatSummary> = {},
): TChatSummary {
  return {
    id,
    name: `Membre ${id}`,
    photo: null,
    other_user_id: otherId,
    is_online: false,
    unread_count: 0,
    updated_at: updated,
    is_locked_for_user: false,
    muted: false,
    closed: false,
    last_message: null,
    ...extra,
  };
}

const message = (
  id: number,
  chatId: number,
  senderId: number,
  at: string,
  extra: Partial<TChatMessage> = {},
): TChatMessage =>
  chatMessage(id, senderId, {
    chat_id: chatId,
    chatId,
    content: `message ${id}`,
    created_at: at,
    timestamp: at,
    ...extra,
  });

const list = [
  chat(10, 2, '2025-03-05T10:00:00Z'),
  chat(11, 3, '2025-03-05T09:00:00Z'),
  chat(12, 4, '2025-03-05T08:00:00Z', { unread_count: 2 }),
];

describe('a new message in the chat list', () => {
  it('moves its chat to the top, sets the last message and counts it unread when from the other member', () => {
    const next = applyNewMessage(list, message(50, 12, 4, '2025-03-05T11:00:00Z'), ME);
    expect(next?.map((c) => c.id)).toEqual([12, 10, 11]);
    expect(next?.[0]).toMatchObject({
      unread_count: 3,
      updated_at: '2025-03-05T11:00:00Z',
      last_message: {
        content: 'message 50',
        type: 'text',
        is_own_message: false,
        is_unread: true,
        message_id: 50,
        sender_id: 4,
      },
    });
  });

  it("does not count the member's own message as unread", () => {
    const next = applyNewMessage(list, message(51, 11, ME, '2025-03-05T11:00:00Z'), ME);
    expect(next?.[0]).toMatchObject({
      id: 11,
      unread_count: 0,
      last_message: { is_own_message: true, is_unread: false },
    });
  });

  it('counts the same event once', () => {
    const once = applyNewMessage(list, message(52, 12, 4, '2025-03-05T11:00:00Z'), ME) ?? [];
    const twice = applyNewMessage(once, message(52, 12, 4, '2025-03-05T11:00:00Z'), ME);
    expect(twice).toBe(once);
  });

  it('previews a photo without its caption text', () => {
    const next = applyNewMessage(
      list,
      message(53, 10, 2, '2025-03-05T11:00:00Z', { type: 'image', content: 'légende' }),
      ME,
    );
    expect(next?.[0]?.last_message).toMatchObject({ type: 'image', content: '' });
  });

  it('asks for a reload when the chat is not loaded', () => {
    expect(applyNewMessage(list, message(54, 99, 7, '2025-03-05T11:00:00Z'), ME)).toBeNull();
  });
});

describe('a read event in the chat list', () => {
  const withLast = [
    chat(12, 4, '2025-03-05T08:00:00Z', {
      unread_count: 2,
      last_message: {
        content: 'x',
        type: 'text',
        timestamp: '',
        is_own_message: false,
        is_unread: true,
        message_id: 40,
        sender_id: 4,
      },
    }),
  ];

  it("lowers the unread count and clears the last message's unread flag when it matches", () => {
    const next = applyRead(
      withLast,
      { chat_id: 12, message_id: 40, message_ids: [40], user_id: ME },
      ME,
    );
    expect(next[0]).toMatchObject({ unread_count: 1, last_message: { is_unread: false } });
  });

  it('never goes below zero', () => {
    const next = applyRead(
      withLast,
      { chat_id: 12, message_id: 40, message_ids: [38, 39, 40], user_id: ME },
      ME,
    );
    expect(next[0]?.unread_count).toBe(0);
  });

  it('keeps the last message unread when an older one was read', () => {
    const next = applyRead(
      withLast,
      { chat_id: 12, message_id: 39, message_ids: [39], user_id: ME },
      ME,
    );
    expect(next[0]).toMatchObject({ unread_count: 1, last_message: { is_unread: true } });
  });

  it("ignores the other member reading the member's messages", () => {
    expect(
      applyRead(withLast, { chat_id: 12, message_id: 40, message_ids: [40], user_id: 4 }, ME),
    ).toBe(withLast);
  });

  it('clears everything when the member opened the chat', () => {
    expect(applyAllRead(withLast, 12)[0]).toMatchObject({
      unread_count: 0,
      last_message: { is_unread: false },
    });
  });
});

describe('an edited message in the chat list', () => {
  const last = (id: number, content: string) => ({
    content,
    type: 'text' as const,
    timestamp: '2025-03-05T10:00:00Z',
    is_own_message: false,
    is_unread: true,
    message_id: id,
    sender_id: 2,
  });
  const withLast = [chat(10, 2, '2025-03-05T10:00:00Z', { last_message: last(50, 'avant') })];

  it('updates the preview when it shows that message, nothing else', () => {
    const edited = message(50, 10, 2, '2025-03-05T10:00:00Z', { content: 'après' });
    const [c] = applyEdited(withLast, edited);
    expect(c?.last_message).toEqual(last(50, 'après'));
    expect(c?.unread_count).toBe(0);
  });

  it('returns the same list for an older message or another chat', () => {
    expect(applyEdited(withLast, message(49, 10, 2, '2025-03-05T09:00:00Z'))).toBe(withLast);
    expect(applyEdited(withLast, message(50, 11, 2, '2025-03-05T09:00:00Z'))).toBe(withLast);
  });
});

describe('a status event in the chat list', () => {
  it('sets the online flag of the chats with that member', () => {
    const next = applyStatus(list, { user_id: 3, is_online: true });
    expect(next.map((c) => c.is_online)).toEqual([false, true, false]);
    expect(applyStatus(next, { user_id: 3, is_online: false }).map((c) => c.is_online)).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('returns the same list when nothing changes', () => {
    expect(applyStatus(list, { user_id: 3, is_online: false })).toBe(list);
  });
});

describe('search, leave and pages', () => {
  it('matches a case-insensitive substring of the name', () => {
    const named = [
      chat(1, 2, '', { name: 'Aïcha Ouédraogo' }),
      chat(2, 3, '', { name: 'Boubacar' }),
    ];
    expect(filterChats(named, '  OUÉD ').map((c) => c.id)).toEqual([1]);
    expect(filterChats(named, 'zz')).toEqual([]);
    expect(filterChats(named, '')).toBe(named);
  });

  it('removes a left chat', () => {
    expect(removeChat(list, 11).map((c) => c.id)).toEqual([10, 12]);
  });

  it('marks a chat the other member closed, without their online dot, and leaves the rest', () => {
    const online = list.map((c) => ({ ...c, is_online: true }));
    const marked = markClosed(online, 11);
    expect(marked.map((c) => [c.id, c.closed, c.is_online])).toEqual([
      [10, false, true],
      [11, true, false],
      [12, false, true],
    ]);
  });

  it('flattens pages without duplicates and splits an updated list back into the same sizes', () => {
    const pages = [
      { items: [list[0], list[1]].filter((c): c is TChatSummary => !!c), page: 1, has_more: true },
      { items: [list[1], list[2]].filter((c): c is TChatSummary => !!c), page: 2, has_more: false },
    ];
    const flat = flattenPages(pages);
    expect(flat.map((c) => c.id)).toEqual([10, 11, 12]);
    const rebuilt = rebuildPages(pages, removeChat(flat, 10));
    expect(rebuilt.map((p) => p.items.map((c) => c.id))).toEqual([[11, 12], []]);
  });
});
