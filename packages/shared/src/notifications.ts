/** Notifications (spec 1 §3): the eleven types, their French texts, icons and actions. */
import { z } from 'zod';
import { coinCount, formatFcfa } from './coin-count.js';
import { zText } from './text.js';

/** How long a message's preview may be in the bell and on the lock screen (ours). */
export const PREVIEW_MAX_CHARS = 80;

/**
 * A text as a short preview: on one line, and when longer than `max` characters (an emoji
 * counts as one, never cut in half), ended on a whole word with an ellipsis. A first word
 * longer than half the room is cut where the room ends.
 */
export function clipPreview(text: string, max: number = PREVIEW_MAX_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  if (chars.length <= max) return flat;
  const head = chars.slice(0, max - 1).join('');
  const space = head.lastIndexOf(' ');
  const wordEnds = chars[max - 1] === ' ';
  const cut = wordEnds || space < head.length / 2 ? head : head.slice(0, space);
  return `${cut.replace(/[\s.,;:!?…'’-]+$/u, '')}…`;
}

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
  // Beyond the spec (issue 30): a voice call nobody answered.
  'missed_call',
  // Beyond the spec (issue 28): a moderator decided the member's verification.
  'verification',
] as const;
export type TNotificationType = (typeof NOTIFICATION_TYPES)[number];

const lazySchema = <T>(build: () => T): T => build();

/** Optional fields a notification's data may carry (spec 1 §3). */
export const ZNotificationData = /* @__PURE__ */ lazySchema(() =>
  z.object({
    message: z.string().optional(),
    preview: z.string().optional(),
    amount: z.number().optional(),
    coins_earned: z.number().optional(),
    coins_received: z.number().optional(),
    liker_photo: z.string().nullable().optional(),
    liker_name: z.string().optional(),
    liker_id: z.number().optional(),
    chat_id: z.number().optional(),
    sender_id: z.number().optional(),
    sender_name: z.string().optional(),
    announcement_category: z.string().optional(),
    network: z.string().optional(),
    name: z.string().optional(),
    /** chat_message: how many messages this one notification of the chat stands for. */
    count: z.number().int().optional(),
    /**
     * Beyond the spec, chat_message: the message the preview is of, so that its edit or its
     * deletion reaches the bell too (the original must not outlive it there).
     */
    message_id: z.number().int().optional(),
  }),
);
export type TNotificationData = z.infer<typeof ZNotificationData>;

/** A notification as the member receives it, listed or live. */
export const ZNotification = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.number().int(),
    user_id: z.number().int(),
    type: z.enum(NOTIFICATION_TYPES),
    title: z.string(),
    message: z.string(),
    data: ZNotificationData,
    icon: z.string(),
    color: z.string(),
    /** Where tapping leads (spec 1 §2 "a notification carrying an action navigates"). */
    action: z.string().nullable(),
    timestamp: z.string(),
    created_at: z.string(),
    read_at: z.string().nullable(),
  }),
);
export type TNotification = z.infer<typeof ZNotification>;

/** Web Push subscription answers. */
export const PUSH_MSG = {
  enabled: 'Notifications activées',
  disabled: 'Notifications désactivées',
  invalidEndpoint: 'Adresse de notification invalide',
  unknownService: "Ce service de notification n'est pas pris en charge.",
  endpointTaken: "Cet appareil reçoit déjà les notifications d'un autre compte.",
} as const;

/** Types that also reach a member whose app is closed, through Web Push. */
export const PUSH_TYPES: readonly TNotificationType[] = [
  'chat_message',
  'match',
  'profile_like',
  'missed_call',
];

interface TypeInfo {
  icon: string;
  color: string;
  title: string;
  message: (d: TNotificationData) => string;
  action: (d: TNotificationData) => string | null;
}

const coins = (n: number | undefined) => `${coinCount(n ?? 0)} pièces`;

/**
 * « Awa vous a envoyé 3 messages »: a chat's notification from its second message on. The count
 * is text so that the server can have the database write in the count only it knows.
 */
export const chatMessagesCounted = (senderName: string | undefined, count: string) =>
  `${senderName ?? "Quelqu'un"} vous a envoyé ${count} messages`;

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
    title: "Nouveau J'aime",
    message: (d) => `${d.liker_name ?? "Quelqu'un"} a aimé votre profil.`,
    action: () => '/swipes',
  },
  chat_message: {
    icon: '💬',
    color: '#2563eb',
    title: 'Nouveau message',
    // One unread notification per chat: from the second message on, it counts them.
    message: (d) =>
      (d.count ?? 1) > 1
        ? chatMessagesCounted(d.sender_name, String(d.count))
        : `${d.sender_name ?? "Quelqu'un"} : ${d.preview ?? 'vous a envoyé un message'}`,
    action: (d) => (d.chat_id ? `/chat/${d.chat_id}` : '/chats'),
  },
  match: {
    icon: '💞',
    color: '#db2777',
    title: "C'est un match !",
    message: (d) => `Vous et ${d.name ?? 'un membre'} vous êtes plu mutuellement. Écrivez-lui !`,
    action: () => '/chats',
  },
  profile_view: {
    icon: '👀',
    color: '#f59e0b',
    title: 'Visite de profil',
    message: (d) => `${d.name ?? "Quelqu'un"} a consulté votre profil.`,
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
    message: (d) => d.message ?? "Merci de respecter nos conditions d'utilisation.",
    action: () => '/policies',
  },
  missed_call: {
    icon: '📞',
    color: '#dc2626',
    title: 'Appel manqué',
    message: (d) => `${d.name ?? 'Un membre'} a essayé de vous appeler.`,
    action: (d) => (d.chat_id ? `/chat/${d.chat_id}` : '/chats'),
  },
  verification: {
    icon: '✅',
    color: '#0e7490',
    title: 'Vérification du profil',
    message: (d) => d.message ?? 'Votre demande de vérification a été traitée.',
    action: () => '/verify-profile',
  },
  payment_failed: {
    icon: '❌',
    color: '#dc2626',
    title: 'Paiement échoué',
    // A purchase never takes coins, so the reassurance is that none were credited; whether the
    // operator took money is theirs to say, so the text promises nothing about it.
    message: (d) =>
      `Votre commande${d.amount ? ` de ${formatFcfa(d.amount)}` : ''} n'a pas abouti et aucune ` +
      "pièce n'a été créditée. Vous pouvez réessayer quand vous le souhaitez.",
    action: () => '/buy-coins',
  },
};

// --- payloads ------------------------------------------------------------------------------

/** POST /notifications: a page of the member's notifications (a call without body: the first). */
export const ZNotificationsRequest = /* @__PURE__ */ lazySchema(() =>
  z
    .object({
      token: zText().optional(),
      page: z.coerce.number().int().min(1).max(10_000).default(1),
      per_page: z.coerce.number().int().min(1).max(50).default(20),
    })
    .default({ page: 1, per_page: 20 }),
);

/** POST /notifications/mark-read. */
export const ZMarkReadRequest = /* @__PURE__ */ lazySchema(() =>
  z.object({
    token: zText().optional(),
    notification_id: z.coerce.number().int().positive(),
  }),
);

/** POST /push/subscribe: the browser's subscription (PushSubscription.toJSON()). */
export const ZPushSubscribeRequest = /* @__PURE__ */ lazySchema(() =>
  z.object({
    token: zText().optional(),
    subscription: z.object({
      endpoint: zText()
        .url()
        .max(2000)
        .refine((u) => u.startsWith('https://'), PUSH_MSG.invalidEndpoint),
      keys: z.object({ p256dh: zText().min(20).max(200), auth: zText().min(8).max(100) }),
    }),
  }),
);

/** POST /push/unsubscribe. */
export const ZPushUnsubscribeRequest = /* @__PURE__ */ lazySchema(() =>
  z.object({ token: zText().optional(), endpoint: zText().max(2000) }),
);

/** POST /broadcasting/auth: which room a channel maps to (own channel when absent). */
export const ZChannelAuthRequest = /* @__PURE__ */ lazySchema(() =>
  z.object({ token: zText().optional(), channel_name: zText().max(100).optional() }),
);

export const ZChannelRoom = /* @__PURE__ */ lazySchema(() =>
  z.object({ transport: z.string(), path: z.string(), room: z.string() }),
);
