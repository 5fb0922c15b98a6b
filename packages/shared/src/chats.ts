/**
 * Chat contract (spec 2 §3–§9): constants, message types, French texts, report reasons, and the
 * shapes of chats and messages on the wire.
 */
import { z } from 'zod';
import { coinCount } from './coin-count.js';

export const CHAT_UNLOCK_COST = 100;
export const MESSAGES_PAGE_SIZE = 20;
export const CHATS_PAGE_SIZE = 20;
export const MESSAGE_TEXT_MAX = 2000;
export const AUDIO_MAX_BYTES = 3 * 1024 * 1024;
export const AUDIO_MAX_SECONDS = 300;
/** A member seen (socket or heartbeat) within this window shows 'En ligne'. */
export const ONLINE_WINDOW_S = 45;

/** `call`: a call's line, written by the server (content: its outcome; duration: seconds). */
export const MESSAGE_TYPES = ['text', 'image', 'audio', 'call'] as const;
export type TMessageType = (typeof MESSAGE_TYPES)[number];

export const CHAT_MSG = {
  notFound: 'Chat introuvable',
  notFoundDetail: "Ce chat n'existe pas ou vous n'y avez pas accès.",
  messageNotFound: 'Message introuvable',
  userNotFound: 'Utilisateur introuvable',
  cannotChatSelf: 'Vous ne pouvez pas discuter avec vous-même.',
  blocked: 'Vous ne pouvez pas échanger avec ce membre.',
  empty: 'Le message ne peut pas être vide.',
  tooLong: `Le message ne peut pas dépasser ${MESSAGE_TEXT_MAX} caractères.`,
  locked: (cost: number, isSender: boolean) =>
    `Chat verrouillé. Déverrouillez-le avec ${coinCount(cost)} pièces pour ${isSender ? 'envoyer des messages' : 'répondre'}.`,
  unlocked: 'Chat déverrouillé avec succès !',
  notLocked: "Ce chat n'est pas verrouillé pour vous.",
  insufficient: 'Pièces insuffisantes',
  onlyOwnDelete: 'Vous ne pouvez supprimer que vos propres messages.',
  alreadyRead: 'Ce message a déjà été lu et ne peut plus être supprimé.',
  onlyOwnEdit: 'Vous ne pouvez modifier que vos propres messages.',
  onlyTextEdit: 'Seuls les messages texte peuvent être modifiés.',
  deleted: 'Message supprimé',
  edited: 'Message modifié',
  left: 'Vous avez quitté la discussion.',
  muted: 'Notifications de la discussion désactivées.',
  unmuted: 'Notifications de la discussion activées.',
  invalidAudio: 'Format audio non pris en charge.',
  audioTooLarge: 'Le message vocal est trop long.',
  audioTooLong: `Le message vocal ne peut pas dépasser ${AUDIO_MAX_SECONDS} secondes.`,
  imageTooLarge: "L'image doit faire moins de 5MB",
  blockedDone: 'Membre bloqué.',
  unblockedDone: 'Membre débloqué.',
  reportDone: 'Merci, votre signalement a été transmis à notre équipe.',
  reasonRequired: 'Veuillez sélectionner une raison',
  memberDeleted: 'Ce membre a supprimé son compte.',
  /** « Ne plus voir ce profil » (issue 29): done, and what the other member then reads. */
  unmatched: 'Vous ne verrez plus ce profil.',
  closed: 'Ce membre a mis fin à la discussion. Vous pouvez la relire, mais plus y écrire.',
} as const;

export const REPORT_REASONS = {
  harassment: 'Harcèlement ou insultes',
  scam: "Arnaque ou demande d'argent",
  fake_profile: 'Faux profil',
  inappropriate: 'Contenu inapproprié',
  minor: 'Personne mineure',
  other: 'Autre',
} as const;
export type TReportReason = keyof typeof REPORT_REASONS;
export const isReportReason = (id: string): id is TReportReason =>
  Object.keys(REPORT_REASONS).includes(id);

// --- answers (the response schemas of contract/chats.ts strip any key they do not name) ------

const lazySchema = <T>(build: () => T): T => build();

export const MESSAGE_STATUSES = ['sent', 'delivered', 'read'] as const;
export type TMessageStatus = (typeof MESSAGE_STATUSES)[number];

/** One message as every answer and event shows it (spec 2 §3). */
export const ZChatMessage = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.number(),
    chat_id: z.number(),
    chatId: z.number(),
    sender_id: z.number(),
    type: z.enum(MESSAGE_TYPES),
    content: z.string(),
    file_url: z.string().nullable(),
    preview_url: z.string().nullable(),
    /** Beyond the spec: the photo's lighter preview (320 px), shown on mobile data. */
    preview_lite_url: z.string().nullable(),
    duration: z.number().nullable(),
    reply_to_id: z.number().nullable(),
    status: z.enum(MESSAGE_STATUSES),
    created_at: z.string(),
    timestamp: z.string(),
    edited_at: z.string().nullable(),
    /**
     * Beyond the spec: the id the sending device gave the message (its offline outbox), a random
     * UUID, or null. The sender's screen uses it to drop its pending copy as soon as the message
     * arrives, even when the answer to its own request was lost.
     */
    client_id: z.string().nullable().optional(),
    /**
     * Beyond the spec (scam shield): true when the viewer received this message and the server
     * flagged it (money or credit asked, a phone number, an invitation to leave the app, a
     * link, from a new contact). Always false or absent for the sender.
     */
    safety_warning: z.boolean().optional(),
  }),
);
export type TChatMessage = z.infer<typeof ZChatMessage>;

/** One member of a chat as POST /chats/{id} shows it (the viewer has is_current_user). */
export const ZChatParticipant = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.number(),
    user_id: z.number(),
    name: z.string().nullable(),
    photo: z.string().nullable(),
    is_online: z.boolean(),
    is_current_user: z.boolean(),
    /** « Profil vérifié » (issue 28). */
    verified: z.boolean(),
  }),
);
export type TChatParticipant = z.infer<typeof ZChatParticipant>;

/** `data` of POST /chats/{id} (spec 2 §7): the lock as the viewer sees it, and the messages. */
export const ZChatDetails = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.number(),
    participants: z.array(ZChatParticipant),
    messages: z.array(ZChatMessage),
    is_locked_for_user: z.boolean(),
    locked_sender: z.boolean(),
    locked_receiver: z.boolean(),
    is_sender: z.boolean(),
    unlock_cost: z.number(),
    user_coins: z.number(),
    current_user_name: z.string().nullable(),
    muted: z.boolean(),
    origin: z.enum(['contact', 'match']).optional(),
    /**
     * Ours: the member reported this chat from a scam warning (on any device), so no warning
     * offers « Signaler » again. Only looked up when a warning is on the page.
     */
    scam_reported: z.boolean().optional(),
    /** Ours (issue 29): the other member unmatched; the chat is read-only for this member. */
    closed: z.boolean().optional(),
  }),
);
export type TChatDetails = z.infer<typeof ZChatDetails>;

/** One row of the chat list (POST /chats), with its last message's preview. */
export const ZChatSummary = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    photo: z.string().nullable(),
    other_user_id: z.number(),
    is_online: z.boolean(),
    unread_count: z.number(),
    updated_at: z.string(),
    is_locked_for_user: z.boolean(),
    muted: z.boolean(),
    /** The other member closed it (« Ne plus voir ce profil »): readable, no longer writable. */
    closed: z.boolean(),
    last_message: z
      .object({
        content: z.string(),
        type: z.enum(MESSAGE_TYPES),
        timestamp: z.string(),
        is_own_message: z.boolean(),
        is_unread: z.boolean(),
        message_id: z.number(),
        sender_id: z.number(),
      })
      .nullable(),
  }),
);
export type TChatSummary = z.infer<typeof ZChatSummary>;
