import { describe, expect, it } from 'vitest';
import type { TNotification } from '@app/shared';
import {
  changesCoins,
  coinBadges,
  isNotification,
  markAllReadIn,
  markChatReadIn,
  markReadIn,
  mergeIncoming,
  unreadCountOf,
  visibleNotifications,
  withUnreadCount,
  type NotificationsCache,
} from './notificationCache';

const ME = 7;
const at = '2025-09-08T10:00:00.000Z';

function notif(id: number, over: Partial<TNotification> = {}): TNotification {
  return {
    id,
    user_id: ME,
    type: 'match',
    title: "C'est un match !",
    message: 'Vous vous êtes plu.',
    data: {},
    icon: '💞',
    color: '#db2777',
    action: '/chats',
    timestamp: at,
    created_at: at,
    read_at: null,
    ...over,
  };
}

function cache(items: TNotification[][], unread: number): NotificationsCache {
  return {
    pages: items.map((page, i) => ({
      items: page,
      unread_count: unread,
      page: i + 1,
      has_more: i < items.length - 1,
    })),
    pageParams: items.map((_, i) => i + 1),
  };
}

describe('mergeIncoming', () => {
  it('puts a new unread notification first and adds one to the unread count', () => {
    const next = mergeIncoming(cache([[notif(2), notif(1)]], 2), notif(3), ME);
    expect(visibleNotifications(next, ME).map((n) => n.id)).toEqual([3, 2, 1]);
    expect(unreadCountOf(next)).toBe(3);
  });

  it('ignores a duplicate by id, even one already on a later page', () => {
    const before = cache([[notif(5)], [notif(2)]], 2);
    expect(mergeIncoming(before, notif(5), ME)).toBe(before);
    expect(mergeIncoming(before, notif(2), ME)).toBe(before);
    expect(unreadCountOf(mergeIncoming(before, notif(2), ME))).toBe(2);
  });

  it("ignores someone else's notification", () => {
    const before = cache([[notif(1)]], 1);
    expect(mergeIncoming(before, notif(9, { user_id: 8 }), ME)).toBe(before);
  });

  it('does not count a notification that arrives already read', () => {
    const next = mergeIncoming(cache([[]], 0), notif(4, { read_at: at }), ME);
    expect(unreadCountOf(next)).toBe(0);
    expect(visibleNotifications(next, ME)).toHaveLength(1);
  });

  const chat = (id: number, count: number, over: Partial<TNotification> = {}) =>
    notif(id, {
      type: 'chat_message',
      message: count > 1 ? `Awa vous a envoyé ${count} messages` : 'Awa : Salut',
      data: { chat_id: 5, count },
      ...over,
    });
  const later = '2025-09-08T10:05:00.000Z';

  it("replaces a chat's notification by a newer version and moves it to the top, counted once", () => {
    const before = cache([[notif(3), notif(2)], [chat(1, 1)]], 3);
    const next = mergeIncoming(before, chat(1, 2, { created_at: later }), ME);
    const list = visibleNotifications(next, ME);
    expect(list.map((n) => n.id)).toEqual([1, 3, 2]);
    expect(list[0]?.message).toBe('Awa vous a envoyé 2 messages');
    expect(next?.pages[1]?.items).toEqual([]);
    expect(unreadCountOf(next)).toBe(3);
  });

  it("counts once a chat's notification updated while on a page not loaded", () => {
    const next = mergeIncoming(cache([[notif(3)]], 4), chat(1, 3, { created_at: later }), ME);
    expect(visibleNotifications(next, ME).map((n) => n.id)).toEqual([1, 3]);
    expect(unreadCountOf(next)).toBe(4);
  });

  it('ignores a repeated or late version of a listed notification', () => {
    const before = cache([[chat(1, 3, { created_at: later }), notif(2)]], 2);
    expect(mergeIncoming(before, chat(1, 3, { created_at: later }), ME)).toBe(before);
    expect(mergeIncoming(before, chat(1, 2), ME)).toBe(before);
  });

  it('takes a newer time with the same count, and keeps a locally read one read', () => {
    const read = cache([[notif(2), chat(1, 1, { read_at: at })]], 1);
    const next = mergeIncoming(read, chat(1, 1, { created_at: later }), ME);
    expect(visibleNotifications(next, ME)[0]).toMatchObject({ id: 1, read_at: at });
    expect(unreadCountOf(next)).toBe(1);
  });

  it("lets a chat's new notification replace its read ones, on any page, other chats kept", () => {
    const otherChat = chat(6, 1, { read_at: at, data: { chat_id: 9, count: 1 } });
    const before = cache(
      [
        [notif(3), chat(4, 2, { read_at: at })],
        [chat(1, 1, { read_at: at }), otherChat],
      ],
      1,
    );
    const next = mergeIncoming(before, chat(8, 1, { created_at: later }), ME);
    const list = visibleNotifications(next, ME);
    expect(list.map((n) => n.id)).toEqual([8, 3, 6]);
    expect(unreadCountOf(next)).toBe(2);
  });

  it('leaves an empty cache alone (the first fetch brings the notification)', () => {
    expect(mergeIncoming(undefined, notif(1), ME)).toBeUndefined();
  });
});

describe('marking read', () => {
  it('marks one read and lowers the count once, even when it sits on two pages', () => {
    const next = markReadIn(
      cache(
        [
          [notif(3), notif(2)],
          [notif(2), notif(1)],
        ],
        3,
      ),
      2,
      at,
    );
    expect(unreadCountOf(next)).toBe(2);
    const copies = next?.pages.flatMap((p) => p.items).filter((n) => n.id === 2);
    expect(copies?.every((n) => n.read_at === at)).toBe(true);
  });

  it('changes nothing for an already read or unknown notification', () => {
    const before = cache([[notif(1, { read_at: at })]], 0);
    expect(markReadIn(before, 1, at)).toBe(before);
    expect(markReadIn(before, 99, at)).toBe(before);
  });

  it('never counts below zero', () => {
    expect(unreadCountOf(markReadIn(cache([[notif(1)]], 0), 1, at))).toBe(0);
  });

  it("marks read a chat's message notifications when the chat is opened", () => {
    const msg = (id: number, chat_id: number) =>
      notif(id, { type: 'chat_message', data: { chat_id } });
    const next = markChatReadIn(cache([[msg(3, 5), msg(2, 6), msg(1, 5)]], 3), 5, at);
    expect(unreadCountOf(next)).toBe(1);
    expect(
      visibleNotifications(next, ME)
        .filter((n) => !n.read_at)
        .map((n) => n.id),
    ).toEqual([2]);
  });

  it('marks all read and zeroes the count', () => {
    const next = markAllReadIn(cache([[notif(2)], [notif(1)]], 2), at);
    expect(unreadCountOf(next)).toBe(0);
    expect(visibleNotifications(next, ME).every((n) => n.read_at)).toBe(true);
  });

  it("takes the server's count as the truth", () => {
    expect(unreadCountOf(withUnreadCount(cache([[notif(1)]], 1), 12))).toBe(12);
  });
});

describe('visibleNotifications', () => {
  it("shows each id once and only the member's own, newest first", () => {
    const c = cache(
      [
        [notif(4), notif(3, { user_id: 8 }), notif(2)],
        [notif(2), notif(1)],
      ],
      0,
    );
    expect(visibleNotifications(c, ME).map((n) => n.id)).toEqual([4, 2, 1]);
  });

  it('shows nothing until the member is known', () => {
    expect(visibleNotifications(cache([[notif(1)]], 1), undefined)).toEqual([]);
  });
});

describe('coin badges', () => {
  it('reads coins earned and received', () => {
    const n = notif(1, { type: 'referral_reward', data: { coins_earned: 50 } });
    expect(coinBadges(n)).toEqual([50]);
    expect(changesCoins(n)).toBe(true);
  });

  it('takes amount as coins except on payments, where it is FCFA', () => {
    expect(coinBadges(notif(1, { type: 'promotion', data: { amount: 20 } }))).toEqual([20]);
    const failed = notif(2, { type: 'payment_failed', data: { amount: 1000 } });
    expect(coinBadges(failed)).toEqual([]);
    expect(changesCoins(failed)).toBe(false);
  });

  it('refreshes the balance on a successful payment', () => {
    expect(changesCoins(notif(1, { type: 'payment_success', data: {} }))).toBe(true);
    expect(changesCoins(notif(2))).toBe(false);
  });
});

describe('isNotification', () => {
  it('accepts the contract and refuses anything else', () => {
    expect(isNotification(notif(1))).toBe(true);
    expect(isNotification({ ...notif(1), type: 'unknown' })).toBe(false);
    expect(isNotification({ ...notif(1), id: '1' })).toBe(false);
    expect(isNotification(null)).toBe(false);
  });
});
