/**
 * French texts of the moderation console (issue 10). Server messages (successes, errors) are
 * shown as the server words them; this catalogue holds the console's own labels.
 */
import {
  ANNOUNCEMENT_CATEGORY_LABELS,
  PROMOTION_MESSAGE_MAX,
  PROMOTION_MESSAGE_MIN,
  MOBILE_MONEY_LABELS,
  PAYMENT_STATUS_LABELS,
  REPORT_REASONS,
  SUPPORT_REASONS,
  SUPPORT_STATUSES,
  type TPromotionAudience,
} from '@app/shared';

export const ADMIN_TEXT = {
  consoleTitle: 'Console de modération',
  backToApp: 'Retour à l’application',
  forbidden: 'Accès réservé à l’équipe de modération.',
  forbiddenHome: 'Retour à l’accueil',
  adminOnly: 'Section réservée aux administrateurs.',
  checking: 'Vérification de l’accès...',
  loading: 'Chargement...',
  retry: 'Réessayer',
  section: 'Section',
  navLabel: 'Sections de la console',
  empty: 'Rien à afficher.',
  prev: 'Précédente',
  next: 'Page suivante',
  pageN: (n: number) => `Page ${n}`,
  filterStatus: 'Statut',
  all: 'Tous',
  search: 'Rechercher',
  apply: 'Appliquer',
  cancel: 'Annuler',
  confirm: 'Confirmer',
  sending: 'Envoi...',
  reason: 'Raison',
  reasonHint: 'Visible dans le journal (3 caractères minimum).',
  reasonRequired: 'La raison est requise',
  messageTooShort: 'Le message est trop court',
  amountInvalid: 'Montant invalide',
  irreversible: 'Cette action ne peut pas être annulée.',
  seeMember: 'Voir le membre',
  memberN: (id: number) => `Membre n°${id}`,
  noName: 'Sans nom',
  yes: 'Oui',
  no: 'Non',
  blockedBadge: 'Bloqué',
  createdAt: 'Créé le',
  updatedAt: 'Modifié le',

  // dashboard
  dashboard: 'Tableau de bord',
  last30: 'Sur les 30 derniers jours',
  newMembers: 'Nouveaux membres',
  activeMembers: 'Membres actifs',
  messages: 'Messages',
  matches: 'Matchs',
  revenue: 'Revenus (FCFA)',
  revenueByProvider: 'Revenus par fournisseur',
  noRevenue: 'Aucun paiement réussi sur la période.',
  ordersCount: (n: number) => `${n} ${n > 1 ? 'commandes' : 'commande'}`,
  total: 'Total',
  today: 'Aujourd’hui',
  chartSummary: (title: string, total: string, today: string) =>
    `${title} : ${total} sur 30 jours, ${today} aujourd’hui`,
  queues: 'Files d’attente',
  pendingStories: 'Histoires en attente',
  openReports: 'Signalements ouverts',
  openTickets: 'Tickets en attente ou en cours',
  pendingPayments: 'Paiements en attente',
  open: 'Ouvrir',

  // sections
  stories: 'Histoires',
  reports: 'Signalements',
  members: 'Membres',
  tickets: 'Tickets',
  announcements: 'Annonces',
  payments: 'Paiements',
  promotions: 'Promotions',
  audit: 'Journal',

  // stories
  storiesEmpty: 'Aucune histoire dans cette file.',
  heldBecause: 'Retenue :',
  author: 'Auteur',
  approve: 'Approuver',
  reject: 'Refuser',
  approveTitle: 'Approuver l’histoire',
  approveText: 'L’histoire sera publiée dans le fil /histoires.',
  rejectTitle: 'Refuser l’histoire',
  rejectText: 'L’histoire ne sera jamais publiée.',

  // reports
  reportsEmpty: 'Aucun signalement dans cette file.',
  reportedMember: 'Membre signalé',
  reportedBy: 'Signalé par',
  earlierReports: (n: number) =>
    n === 0
      ? 'Aucun signalement antérieur'
      : `${n} signalement${n > 1 ? 's' : ''} antérieur${n > 1 ? 's' : ''}`,
  details: 'Détails',
  evidence: (n: number) => `Derniers messages joints (${n})`,
  noEvidence: 'Aucun message joint.',
  sideReported: 'Membre signalé',
  sideReporter: 'Auteur du signalement',
  sideOther: 'Autre',
  photoMessage: '[Photo]',
  audioMessage: '[Message vocal]',
  dismiss: 'Classer',
  warn: 'Avertir',
  block: 'Bloquer le compte',
  dismissTitle: 'Classer le signalement',
  dismissText: 'Le signalement sera classé sans suite.',
  warnTitle: 'Avertir le membre',
  warnText: 'Le membre reçoit une notification avec ce message.',
  warnMessage: 'Message au membre',
  blockTitle: 'Bloquer le compte',
  blockText: 'Le membre est déconnecté et renvoyé vers /blocked.',
  deletePhoto: 'Supprimer la photo',
  deletePhotoTitle: 'Supprimer la photo de profil',
  deletePhotoText: 'La photo est effacée et le membre en est averti.',
  memberAnnouncements: (n: number) => `Annonces du membre (${n})`,
  memberAnnouncementsEmpty: 'Aucune annonce.',

  // members
  membersSearch: 'Nom, e-mail ou numéro',
  membersEmpty: 'Aucun membre trouvé.',
  coins: 'Pièces',
  coinsN: (n: string) => `${n} pièces`,
  role: 'Rôle',
  profile: 'Profil',
  photos: 'Photos',
  noPhoto: 'Pas de photo',
  openFull: 'Voir en grand',
  gender: 'Genre',
  age: 'Âge',
  years: (n: number) => `${n} ans`,
  locality: 'Localité',
  bio: 'Bio',
  emailVerified: 'E-mail vérifié',
  profileComplete: 'Profil complet',
  lastSeen: 'Dernière visite',
  blockedReason: 'Motif du blocage',
  device: 'Appareil d’inscription',
  deviceHash: 'Empreinte',
  noDevice: 'Aucun appareil connu.',
  deviceAccounts: 'Comptes créés depuis cet appareil',
  devicesUsed: 'Appareils utilisés',
  noDevicesUsed: 'Aucun appareil enregistré.',
  deviceFirstSeen: 'Première connexion',
  deviceLastSeen: 'Dernière connexion',
  deviceOtherAccounts: 'Autres comptes vus sur cet appareil',
  noOtherAccounts: 'Aucun autre compte.',
  refusals: 'Refus de création',
  coinMovements: 'Mouvements de pièces',
  noMovements: 'Aucun mouvement.',
  balanceAfter: 'Solde après',
  amount: 'Montant',
  orders: 'Commandes',
  noOrders: 'Aucune commande.',
  reportsReceived: 'Signalements reçus',
  reportsMade: 'Signalements faits',
  noReports: 'Aucun.',
  date: 'Date',
  actions: 'Actions',
  unblock: 'Débloquer',
  unblockTitle: 'Débloquer le compte',
  unblockText: 'Le membre peut de nouveau se connecter.',
  resetDevice: 'Lever le verrou multi-comptes',
  resetDeviceTitle: 'Lever le verrou multi-comptes',
  resetDeviceText:
    'Les refus de cet appareil sont oubliés et ses comptes bloqués pour création multiple sont débloqués.',
  makeModerator: 'Nommer modérateur',
  makeModeratorText: 'Le membre aura accès à cette console (hors sections administrateur).',
  removeModerator: 'Retirer le rôle de modérateur',
  removeModeratorText: 'Le membre redevient un membre ordinaire.',
  credit: 'Créditer des pièces',
  debit: 'Débiter des pièces',
  creditText: 'Le crédit passe par le grand livre des pièces.',
  debitText: 'Le débit passe par le grand livre ; le solde ne peut pas devenir négatif.',
  coinsAmount: 'Nombre de pièces',
  backToMembers: 'Retour aux membres',

  // tickets
  ticketsEmpty: 'Aucun ticket.',
  ticketN: (id: number) => `Ticket #${id}`,
  ticketMember: 'Membre',
  description: 'Description',
  currentReply: 'Réponse envoyée',
  repliedAt: 'Répondu le',
  moveStatus: 'Changer le statut',
  newStatus: 'Nouveau statut',
  closeTitle: 'Fermer le ticket',
  closeText: 'Un ticket fermé ne change plus de statut.',
  reply: 'Répondre',
  replyLabel: 'Réponse au membre (envoyée par e-mail)',
  replyAndResolve: 'Marquer comme résolu en même temps',
  sendReply: 'Envoyer la réponse',
  selectTicket: 'Choisissez un ticket pour voir son détail.',
  closeDetail: 'Fermer le détail',

  // announcements
  annSearch: 'Texte, auteur, e-mail ou numéro',
  annEmpty: 'Aucune annonce.',
  views: (n: number) => `${n} vue${n > 1 ? 's' : ''}`,
  hide: 'Masquer',
  restore: 'Rétablir',
  delete: 'Supprimer',
  hideTitle: 'Masquer l’annonce',
  hideText: 'L’annonce sort du fil mais reste conservée ; l’auteur est averti.',
  restoreTitle: 'Rétablir l’annonce',
  restoreText: 'L’annonce revient dans le fil.',
  deleteTitle: 'Supprimer l’annonce',
  deleteText: 'L’annonce est supprimée définitivement ; l’auteur est averti.',

  // payments
  provider: 'Fournisseur',
  method: 'Moyen',
  order: 'Commande',
  paymentsEmpty: 'Aucune commande.',
  recheck: 'Revérifier',
  rechecking: 'Vérification...',
  providerRef: 'Réf. fournisseur',
  failure: 'Échec',
  attempts: (n: number) => `${n} vérification${n > 1 ? 's' : ''}`,
  coinsWithBonus: (coins: number, bonus: number) =>
    bonus ? `${coins} + ${bonus} pièces` : `${coins} pièces`,
  ledgerAudit: 'Audit du grand livre',
  ledgerLead: 'Membres dont le solde n’est pas la somme de leurs mouvements.',
  ledgerOk: 'Les soldes sont équilibrés',
  balance: 'Solde',
  ledgerSum: 'Somme des mouvements',
  lastBalanceAfter: 'Dernier solde inscrit',
  movements: 'Mouvements',

  // promotions
  promotionLead:
    'Les membres reçoivent une notification « Offre spéciale » qui les mène à leur profil.',
  promotionMessage: 'Message',
  promotionCounter: (n: number) => `${n}/${PROMOTION_MESSAGE_MAX}`,
  promotionHint: `Entre ${PROMOTION_MESSAGE_MIN} et ${PROMOTION_MESSAGE_MAX} caractères.`,
  promotionAudience: 'Destinataires',
  promotionSend: 'Envoyer la promotion',
  promotionConfirm: 'Envoyer',
  promotionConfirmText: (message: string) => `« ${message} »`,

  // audit
  auditEmpty: 'Le journal est vide.',
  actor: 'Par',
  action: 'Action',
  target: 'Cible',
} as const;

export const SECTION_LABELS = {
  dashboard: ADMIN_TEXT.dashboard,
  stories: ADMIN_TEXT.stories,
  reports: ADMIN_TEXT.reports,
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
  admin_adjustment: 'Ajustement par l’équipe',
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
  'story.approve': 'Histoire approuvée',
  'story.reject': 'Histoire refusée',
  'ticket.update': 'Ticket mis à jour',
  'announcement.hide': 'Annonce masquée',
  'announcement.restore': 'Annonce rétablie',
  'announcement.delete': 'Annonce supprimée',
  'payment.recheck': 'Paiement revérifié',
  'promotion.send': 'Promotion envoyée',
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
