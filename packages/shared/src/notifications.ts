/** Notifications (spec 1 §3): the eleven types, their French texts, icons and actions. */
import { formatFcfa } from './coins.js';

export const NOTIFICATION_TYPES = [
  'referral_signup',
  'referral_reward',
  'social_reward',
  'profile_like',
  'chat_message',
  'match',
  'profile_view',
  'promotion',
  'new_announcement',
  'payment_success',
  'payment_failed',
  // Beyond the spec: a message from the moderation team (warnings, removed content).
  'moderation_warning',
] as const;
export type TNotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Optional fields a notification's data may carry (spec 1 §3). */
export interface TNotificationData {
  message?: string;
  preview?: string;
  amount?: number;
  coins_earned?: number;
  coins_received?: number;
  liker_photo?: string | null;
  liker_name?: string;
  liker_id?: number;
  chat_id?: number;
  sender_id?: number;
  sender_name?: string;
  announcement_category?: string;
  network?: string;
  name?: string;
}

export interface TNotification {
  id: number;
  user_id: number;
  type: TNotificationType;
  title: string;
  message: string;
  data: TNotificationData;
  icon: string;
  color: string;
  /** Where tapping leads (spec 1 §2 "a notification carrying an action navigates"). */
  action: string | null;
  timestamp: string;
  created_at: string;
  read_at: string | null;
}

/** Types that also reach a member whose app is closed, through Web Push. */
export const PUSH_TYPES: readonly TNotificationType[] = ['chat_message', 'match', 'profile_like'];

interface TypeInfo {
  icon: string;
  color: string;
  title: string;
  message: (d: TNotificationData) => string;
  action: (d: TNotificationData) => string | null;
}

const coins = (n: number | undefined) => `${n ?? 0} pièces`;

export const NOTIFICATION_INFO: Record<TNotificationType, TypeInfo> = {
  referral_signup: {
    icon: '🎉',
    color: '#7c3aed',
    title: 'Nouveau filleul',
    message: (d) => `${d.name ?? 'Un ami'} s'est inscrit avec votre code d'invitation.`,
    action: () => '/profile',
  },
  referral_reward: {
    icon: '🎁',
    color: '#16a34a',
    title: 'Parrainage récompensé',
    message: (d) => `Vous avez gagné ${coins(d.coins_earned)} grâce à votre parrainage !`,
    action: () => '/profile',
  },
  social_reward: {
    icon: '🌟',
    color: '#0ea5e9',
    title: 'Récompense obtenue',
    message: (d) =>
      `Vous avez gagné ${coins(d.coins_earned)} en rejoignant ${d.network ?? 'notre réseau'} !`,
    action: () => '/profile',
  },
  profile_like: {
    icon: '❤️',
    color: '#e0245e',
    title: 'Nouveau J’aime',
    message: (d) => `${d.liker_name ?? 'Quelqu’un'} a aimé votre profil.`,
    action: () => '/swipes',
  },
  chat_message: {
    icon: '💬',
    color: '#2563eb',
    title: 'Nouveau message',
    message: (d) => `${d.sender_name ?? 'Quelqu’un'} : ${d.preview ?? 'vous a envoyé un message'}`,
    action: (d) => (d.chat_id ? `/chat/${d.chat_id}` : '/chats'),
  },
  match: {
    icon: '💞',
    color: '#db2777',
    title: 'C’est un match !',
    message: (d) => `Vous et ${d.name ?? 'un membre'} vous êtes plu mutuellement. Écrivez-lui !`,
    action: () => '/chats',
  },
  profile_view: {
    icon: '👀',
    color: '#f59e0b',
    title: 'Visite de profil',
    message: (d) => `${d.name ?? 'Quelqu’un'} a consulté votre profil.`,
    action: () => '/profile',
  },
  promotion: {
    icon: '🔥',
    color: '#ea580c',
    title: 'Offre spéciale',
    message: (d) => d.message ?? 'Une offre spéciale vous attend sur les pièces.',
    action: () => '/profile',
  },
  new_announcement: {
    icon: '📢',
    color: '#0d9488',
    title: 'Nouvelle annonce',
    message: (d) => `${d.name ?? 'Un membre'} a publié une nouvelle annonce.`,
    action: () => '/home',
  },
  payment_success: {
    icon: '✅',
    color: '#16a34a',
    title: 'Paiement réussi',
    message: (d) => `Votre achat est confirmé : ${coins(d.coins_received)} ajoutées à votre solde.`,
    action: () => '/buy-coins',
  },
  moderation_warning: {
    icon: '⚠️',
    color: '#b45309',
    title: 'Message de la modération',
    message: (d) => d.message ?? 'Merci de respecter nos conditions d’utilisation.',
    action: () => '/policies',
  },
  payment_failed: {
    icon: '❌',
    color: '#dc2626',
    title: 'Paiement échoué',
    // A purchase never takes coins, so the reassurance is that none were credited; whether the
    // operator took money is theirs to say, so the text promises nothing about it.
    message: (d) =>
      `Votre commande${d.amount ? ` de ${formatFcfa(d.amount)}` : ''} n’a pas abouti et aucune ` +
      'pièce n’a été créditée. Vous pouvez réessayer quand vous le souhaitez.',
    action: () => '/buy-coins',
  },
};
