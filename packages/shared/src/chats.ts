/** Chat contract (spec 2 §3–§9): constants, message types, French texts, report reasons. */
export const CHAT_UNLOCK_COST = 100;
export const MESSAGES_PAGE_SIZE = 20;
export const CHATS_PAGE_SIZE = 20;
export const MESSAGE_TEXT_MAX = 2000;
export const AUDIO_MAX_BYTES = 3 * 1024 * 1024;
export const AUDIO_MAX_SECONDS = 300;
/** A member seen (socket or heartbeat) within this window shows 'En ligne'. */
export const ONLINE_WINDOW_S = 45;

export const MESSAGE_TYPES = ['text', 'image', 'audio'] as const;
export type TMessageType = (typeof MESSAGE_TYPES)[number];
export type TMessageStatus = 'sent' | 'delivered' | 'read';

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
    `Chat verrouillé. Déverrouillez-le avec ${cost} pièces pour ${isSender ? 'envoyer des messages' : 'répondre'}.`,
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
} as const;

export const REPORT_REASONS = {
  harassment: 'Harcèlement ou insultes',
  scam: 'Arnaque ou demande d’argent',
  fake_profile: 'Faux profil',
  inappropriate: 'Contenu inapproprié',
  minor: 'Personne mineure',
  other: 'Autre',
} as const;
export type TReportReason = keyof typeof REPORT_REASONS;

export interface TChatMessage {
  id: number;
  chat_id: number;
  chatId: number;
  sender_id: number;
  type: TMessageType;
  content: string;
  file_url: string | null;
  preview_url: string | null;
  duration: number | null;
  reply_to_id: number | null;
  status: TMessageStatus;
  created_at: string;
  timestamp: string;
  edited_at: string | null;
  /**
   * Beyond the spec: the id the sending device gave the message (its offline outbox), a random
   * UUID, or null. The sender's screen uses it to drop its pending copy as soon as the message
   * arrives, even when the answer to its own request was lost.
   */
  client_id?: string | null;
}

export interface TChatSummary {
  id: number;
  name: string;
  photo: string | null;
  other_user_id: number;
  is_online: boolean;
  unread_count: number;
  updated_at: string;
  is_locked_for_user: boolean;
  muted: boolean;
  last_message: {
    content: string;
    type: TMessageType;
    timestamp: string;
    is_own_message: boolean;
    is_unread: boolean;
    message_id: number;
    sender_id: number;
  } | null;
}
