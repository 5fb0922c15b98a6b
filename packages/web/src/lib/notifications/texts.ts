/**
 * French texts of the notifications area: the panel (spec 1 §2), relative times, the welcome
 * and daily-reward modals (spec 1 §4), the realtime state, reminders and the push opt-in.
 * Spec texts are word for word; the rest (labels, the third benefit line) are ours.
 */
import { coinCount } from '@app/shared';
import { SHELL_NOTIF_TEXT } from './shellTexts';

export const NOTIF_TEXT = {
  ...SHELL_NOTIF_TEXT,
  panelTitle: 'Notifications',
  markAll: 'Tout marquer comme lu',
  empty: 'Aucune notification pour le moment',
  close: 'Fermer',
  loadError: 'Impossible de charger les notifications.',
  loadingMore: 'Chargement...',
  unreadLabel: 'Non lue',
  coins: (n: number) => `+${coinCount(n)} pièces`,

  sendMessage: 'Envoyer un message',
  viewMessage: 'Voir le message',
  viewAnnouncements: 'Voir les annonces',

  justNow: "À l'instant",
  minutesAgo: (n: number) => `Il y a ${n}min`,
  hoursAgo: (n: number) => `Il y a ${n}h`,
  daysAgo: (n: number) => `Il y a ${n}j`,

  welcomeTitle: 'Bienvenue sur Rencontre !',
  welcomeGift: (coins: number) => `${coinCount(coins)} pièces`,
  welcomeGiftLead: 'Pour bien commencer, nous vous offrons',
  welcomeBenefitsLead: 'Avec vos pièces, vous pouvez :',
  welcomeBenefits: ['Créer des annonces', 'Tchatter', 'Trouver des personnes près de chez vous'],
  welcomeStart: "Commencer l'aventure",

  dailyTitle: 'Bonus quotidien',
  dailyAmount: (n: number) => `+${coinCount(n)} pièces`,
  dailyOk: 'Super !',

  pushLead: "Soyez prévenu(e) des messages, matchs et J'aime, même application fermée.",
  pushLater: 'Plus tard',
  pushEnable: 'Activer les notifications',
  pushBusy: 'Activation...',
  pushDenied:
    'Les notifications sont bloquées. Vous pouvez les autoriser dans les réglages de votre navigateur.',
  pushEnabled: 'Notifications activées.',

  reminderTitle: 'Rencontre',
} as const;
