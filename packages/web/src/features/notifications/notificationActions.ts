/**
 * What tapping a panel item, or its button, does (spec 1 §2 "Per-type actions in the panel").
 * Pure, so the rules read as a table and are tested without a browser.
 */
import type { TNotification, TNotificationType } from '@app/shared';
import { NOTIF_TEXT } from '../../lib/notifications/texts';

const chatPath = (n: TNotification) => (n.data?.chat_id ? `/chat/${n.data.chat_id}` : null);

/** "A notification carrying an action navigates": the spec's list; other types go nowhere. */
const ACTION_ROUTES: Partial<Record<TNotificationType, (n: TNotification) => string | null>> = {
  referral_signup: () => '/profile',
  profile_view: () => '/profile',
  promotion: () => '/profile',
  referral_reward: () => '/profile',
  profile_like: () => '/swipes',
  chat_message: (n) => chatPath(n) ?? '/chats',
  match: () => '/chats',
  new_announcement: () => '/home',
  // Beyond the spec (issue 30): a missed call opens the chat with the caller.
  missed_call: (n) => chatPath(n) ?? '/chats',
  // Beyond the spec (issue 28): a verification decided opens « Vérifier mon profil ».
  verification: () => '/verify-profile',
};

/** Where tapping the item leads, or null when tapping only marks it read. */
export function tapTarget(n: TNotification): string | null {
  if (n.type === 'payment_success' || n.type === 'payment_failed') return '/buy-coins';
  if (!n.action) return null;
  return ACTION_ROUTES[n.type]?.(n) ?? null;
}

export interface ItemButton {
  label: string;
  /** Marks the notification read. */
  markRead: boolean;
  /** Where the button leads, if anywhere. */
  to: string | null;
}

/** The item's own button, for the three types that have one. */
export function itemButton(n: TNotification): ItemButton | null {
  switch (n.type) {
    case 'profile_like':
      // The spec's button only logs; marking read keeps the badge honest.
      return { label: NOTIF_TEXT.sendMessage, markRead: true, to: null };
    case 'chat_message':
      return { label: NOTIF_TEXT.viewMessage, markRead: true, to: chatPath(n) };
    case 'new_announcement':
      return { label: NOTIF_TEXT.viewAnnouncements, markRead: false, to: null };
    default:
      return null;
  }
}
