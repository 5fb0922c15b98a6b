/**
 * The console's labels for codes the server sends (statuses, reasons, roles, audit actions…),
 * and `labelOf`, which falls back to the code itself for one it does not know.
 */
import {
  ANNOUNCEMENT_CATEGORY_LABELS,
  MOBILE_MONEY_LABELS,
  PAYMENT_STATUS_LABELS,
  REPORT_REASONS,
  SUPPORT_REASONS,
  SUPPORT_STATUSES,
  type SCAM_QUEUE_STATUSES,
  type TPromotionAudience,
} from '@app/shared';
import { ADMIN_TEXT } from './texts';

export const SECTION_LABELS = {
  dashboard: ADMIN_TEXT.dashboard,
  stories: ADMIN_TEXT.stories,
  reports: ADMIN_TEXT.reports,
  scams: ADMIN_TEXT.scams,
  verifications: ADMIN_TEXT.verifications,
  members: ADMIN_TEXT.members,
  tickets: ADMIN_TEXT.tickets,
  announcements: ADMIN_TEXT.announcements,
  payments: ADMIN_TEXT.payments,
  promotions: ADMIN_TEXT.promotions,
  audit: ADMIN_TEXT.audit,
} as const;

/** Who a promotion goes to, and the question asked before it leaves. */
export const PROMOTION_AUDIENCE_LABELS: Record<TPromotionAudience, string> = {
  all: 'Tous les membres',
  inactive_7d: 'Membres inactifs depuis 7 jours',
};
export const PROMOTION_CONFIRM_TITLES: Record<TPromotionAudience, string> = {
  all: 'Envoyer à tous les membres ?',
  inactive_7d: 'Envoyer aux membres inactifs depuis 7 jours ?',
};

export const STORY_STATUS_LABELS: Record<string, string> = {
  pending: 'En attente',
  approved: 'Publiée',
  rejected: 'Refusée',
};

export const REPORT_STATUS_LABELS: Record<string, string> = {
  open: 'Ouvert',
  reviewed: 'Traité',
  dismissed: 'Classé',
};

/** The « Arnaques » queue's filter: held members (waiting for a review), or every flagged one. */
export const SCAM_STATUS_LABELS: Record<(typeof SCAM_QUEUE_STATUSES)[number], string> = {
  held: 'En attente',
  flagged: 'Tous les signalés',
};

export const TICKET_STATUS_LABELS: Record<string, string> = SUPPORT_STATUSES;
export const TICKET_REASON_LABELS: Record<string, string> = SUPPORT_REASONS;
export const REPORT_REASON_LABELS: Record<string, string> = REPORT_REASONS;
export const CATEGORY_LABELS: Record<string, string> = ANNOUNCEMENT_CATEGORY_LABELS;
export const ORDER_STATUS_LABELS: Record<string, string> = PAYMENT_STATUS_LABELS;

export const ANN_STATUS_LABELS: Record<string, string> = {
  all: 'Toutes',
  active: 'Visibles',
  hidden: 'Masquées',
  deleted: 'Supprimées',
};

export const ROLE_LABELS: Record<string, string> = {
  member: 'Membre',
  moderator: 'Modérateur',
  admin: 'Administrateur',
};

export const GENDER_LABELS: Record<string, string> = { homme: 'Homme', femme: 'Femme' };

export const PROVIDER_LABELS: Record<string, string> = {
  cinetpay: 'Carte (CinetPay)',
  orange_bf: 'Orange Money',
  moov_bf: 'Moov Money',
  simulator: 'Simulateur',
};

export const METHOD_LABELS: Record<string, string> = { card: 'Carte', ...MOBILE_MONEY_LABELS };

export const COIN_REASON_LABELS: Record<string, string> = {
  signup_gift: 'Cadeau de bienvenue',
  daily_bonus: 'Bonus quotidien',
  referral_reward: 'Parrainage',
  purchase: 'Achat',
  chat_unlock: 'Déblocage de discussion',
  announcement: 'Annonce',
  social_join: 'Réseaux sociaux',
  admin_adjustment: "Ajustement par l'équipe",
};

export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'member.block': 'Compte bloqué',
  'member.unblock': 'Compte débloqué',
  'member.reset_device': 'Verrou multi-comptes levé',
  'member.role': 'Rôle changé',
  'member.photo_delete': 'Photo supprimée',
  'member.warn': 'Avertissement',
  'coins.adjust': 'Pièces ajustées',
  'report.dismiss': 'Signalement classé',
  'report.warn': 'Signalement : avertissement',
  'report.block': 'Signalement : compte bloqué',
  'report.evidence_view': 'Signalement : messages joints lus',
  'scam.messages_view': 'Arnaques : messages signalés lus',
  'scam.warn': 'Arnaques : avertissement',
  'scam.block': 'Arnaques : compte bloqué',
  'scam.release': 'Arnaques : retenue levée',
  'story.approve': 'Histoire approuvée',
  'story.reject': 'Histoire refusée',
  'ticket.update': 'Ticket mis à jour',
  'announcement.hide': 'Annonce masquée',
  'announcement.restore': 'Annonce rétablie',
  'announcement.delete': 'Annonce supprimée',
  'payment.recheck': 'Paiement revérifié',
  'promotion.send': 'Promotion envoyée',
};

/** Which provider call gave an order's last answer, and what it said. */
export const ANSWER_CALL_LABELS: Record<string, string> = {
  payment: 'Appel de paiement',
  status: 'Vérification du statut',
};
export const ANSWER_OUTCOME_LABELS: Record<string, string> = {
  paid: 'paiement confirmé',
  success: 'paiement confirmé',
  failed: 'paiement refusé',
  refused: 'paiement refusé',
  pending: 'en attente',
  unknown: 'réponse illisible ou absente',
  redirect: 'page de paiement ouverte',
};

export const TARGET_LABELS: Record<string, string> = {
  user: 'Membre',
  report: 'Signalement',
  story: 'Histoire',
  ticket: 'Ticket',
  announcement: 'Annonce',
  payment_order: 'Commande',
  promotion: 'Promotion',
};

/** The label of a code, or the code itself when the catalogue does not know it. */
export const labelOf = (labels: Record<string, string>, code: string | null | undefined) =>
  code ? (labels[code] ?? code) : '—';
