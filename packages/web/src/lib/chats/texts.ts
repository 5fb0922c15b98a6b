/**
 * French texts of the chat area. Spec 2 texts (§2, §4, §8) word for word; the ones marked
 * "ours" (labels, block and report, offline outbox) are not in the spec.
 */
import { CHAT_MSG, coinCount } from '@app/shared';
import { SAFETY_ACTION_TEXT } from '../safety/texts';

export const CHAT_TEXT = {
  // Chat list (spec 2 §2, §8)
  listTitle: 'Discussions',
  searchPlaceholder: 'Rechercher...',
  emptyTitle: 'Aucune discussion',
  emptyHint: 'Commencez une conversation en allant sur Swipes ou Près de chez vous',
  noMatchTitle: 'Aucun chat trouvé',
  noMatchHint: "Essayez avec d'autres mots-clés",
  listError: 'Erreur lors du chargement des discussions',
  listNetworkError: 'Erreur de connexion lors du chargement des discussions',

  // Previews (spec 2 §2)
  previewImage: '📷 Photo',
  previewAudio: '🎵 Message vocal',
  previewVideo: '🎬 Vidéo',
  previewFile: '📄 Fichier',
  ownPrefix: 'Vous : ',
  noMessage: 'Aucun message',

  // Presence and dates
  online: 'En ligne',
  recentlyOnline: 'En ligne récemment',
  today: "Aujourd'hui",
  yesterday: 'Hier',

  // Chat screen errors (spec 2 §2, §8)
  notFound: CHAT_MSG.notFound,
  notFoundDetail: CHAT_MSG.notFoundDetail,
  backToChats: 'Retour aux discussions',
  userNotInChat: 'Utilisateur non trouvé dans ce chat',
  loadNetworkError: 'Erreur de connexion lors du chargement du chat',
  sendError: (message: string) => `Erreur lors de l'envoi du message: ${message}`,
  sendNetworkError: "Erreur de connexion lors de l'envoi du message",
  imageError: (message: string) => `Erreur lors de l'envoi de l'image: ${message}`,
  imageNetworkError: "Erreur de connexion lors de l'envoi de l'image",
  audioError: "Erreur lors de l'envoi de l'audio. Veuillez réessayer.",
  micError:
    "Impossible d'accéder au microphone. Veuillez vérifier les autorisations de votre navigateur.",
  imageOnly: 'Veuillez sélectionner une image valide',
  imageTooLarge: CHAT_MSG.imageTooLarge,
  tokenMissing: 'Token manquant',

  // Lock and unlock (spec 2 §2, §4, §8)
  lockedHint: CHAT_MSG.locked,
  lockedTitle: 'Chat verrouillé',
  unlockError: 'Erreur lors du déverrouillage',
  insufficientTitle: 'Solde Insuffisant',
  insufficientText: 'Pièces insuffisantes pour déverrouiller',
  insufficientMarker: CHAT_MSG.insufficient,
  buyCoins: 'Acheter des pièces',
  unlocked: CHAT_MSG.unlocked,

  // An empty chat the member opened (ours): the first message is free, then the lock.
  introTitle: 'Votre premier message est gratuit',
  introLock: (name: string, cost: number) =>
    `Ensuite, le chat se verrouille jusqu'à ce que ${name} vous réponde. Pour écrire à nouveau sans attendre, déverrouillez-le avec ${coinCount(cost)} pièces.`,
  introFree: (name: string) => `Dès que ${name} répond, le verrou est levé gratuitement.`,
  safetyAdvice: 'Conseils de sécurité',

  // Delete sheet (spec 2 §2)
  deleteTitle: 'Supprimer le message ?',
  delete: 'Supprimer',
  cancel: 'Annuler',

  // Ours: labels
  refresh: 'Actualiser',
  retry: 'Réessayer',
  // Spec 2 §2's load error panel, also for the report reasons.
  loadError: 'Erreur de chargement',
  back: 'Retour',
  close: 'Fermer',
  leave: 'Quitter',
  // A chat the other member closed (« Ne plus voir ce profil »), in its list row.
  closedRow: 'Discussion terminée',
  menu: 'Options',
  photoOf: (name: string) => `Photo de ${name}`,
  unreadCount: (n: number) => `${n} message${n > 1 ? 's' : ''} non lu${n > 1 ? 's' : ''}`,
  typing: "En train d'écrire...",
  loadingOlder: 'Chargement...',
  messagePlaceholder: 'Votre message...',
  captionPlaceholder: 'Ajouter une légende...',
  send: 'Envoyer',
  emoji: 'Émojis',
  attachImage: 'Joindre une photo',
  record: 'Message vocal',
  cancelRecording: "Annuler l'enregistrement",
  sendRecording: 'Envoyer le message vocal',
  recording: 'Enregistrement',
  removeImage: "Retirer l'image",
  sending: 'Envoi...',
  tickPending: 'En attente de connexion',
  tickFailed: 'Non envoyé',
  tickSent: 'Envoyé',
  tickDelivered: 'Distribué',
  tickRead: 'Lu',
  failedActions: "Ce message n'a pas été envoyé.",
  retrySend: 'Réessayer',
  discard: 'Supprimer',
  edited: '(modifié)',
  outboxHint: 'Vos messages seront envoyés dès le retour de la connexion.',
  mediaLost:
    "Le fichier de ce message n'a pas pu être conservé. Supprimez-le et envoyez-le de nouveau.",
  cost: 'Coût',
  balance: 'Votre solde',
  coins: (n: number) => `${coinCount(n)} pièces`,
  unlock: (cost: number) => `Déverrouiller (${coinCount(cost)} pièces)`,
  unlocking: 'Déverrouillage...',
  member: 'Membre',

  // Ours: header menu, block, report, mute
  block: SAFETY_ACTION_TEXT.block,
  report: SAFETY_ACTION_TEXT.report,
  mute: 'Couper les notifications',
  unmute: 'Réactiver les notifications',
  blockTitle: 'Bloquer ce membre ?',
  blockDetail:
    'Vous ne verrez plus cette discussion et ce membre ne pourra plus vous écrire. Vous pourrez le débloquer plus tard.',
  reportTitle: 'Signaler ce membre',
  reportLead: 'Les derniers messages de la discussion seront joints à votre signalement.',
  reportDetails: 'Détails (facultatif)',
  reportSend: 'Envoyer le signalement',
  reasonRequired: CHAT_MSG.reasonRequired,
  actionError: 'Une erreur est survenue. Veuillez réessayer.',
  blockedMembers: 'Membres bloqués',
  // « Ne plus voir ce profil » (issue 29): the chat leaves this member's side for good.
  unmatch: 'Ne plus voir ce profil',
  unmatchTitle: 'Ne plus voir ce profil ?',
  unmatchDetail:
    'La discussion disparaîtra de votre liste et vous ne verrez plus ce membre dans les swipes ni à proximité. Il pourra relire la discussion, mais plus vous écrire.',
  unmatchConfirm: 'Ne plus voir',
  closed: CHAT_MSG.closed,

  // Ours: edit one's own text messages
  edit: 'Modifier',
  editTitle: 'Modifier le message',
  editSave: 'Enregistrer',
  editSaving: 'Enregistrement...',
  editNetworkError: 'Erreur de connexion lors de la modification du message',
  messageActions: 'Actions du message',

  // Ours: search within the conversation
  search: 'Rechercher dans la discussion',
  searchField: 'Rechercher un message',
  searchFieldPlaceholder: 'Rechercher un message...',
  closeSearch: 'Fermer la recherche',
  clearSearch: 'Effacer',
  searchHint: 'Saisissez un mot pour le retrouver dans cette discussion.',
  searchEmpty: 'Aucun message trouvé',
  searchEmptyHint: "Essayez avec d'autres mots.",
  searchError: 'Erreur lors de la recherche',
  searchNetworkError: 'Erreur de connexion lors de la recherche',
  searchMore: 'Voir plus',
  searching: 'Recherche...',
  you: 'Vous',
  searchNotLoaded:
    'Ce message est plus ancien que ceux affichés dans la discussion : le voici en entier.',
  searchResults: 'Résultats de la recherche',
} as const;
