/**
 * French texts of the coin screens (spec 2 "Buy coins", "Purchase history", §4, §8). The
 * rules' messages come word for word from COINS_MSG in @app/shared; the rest lives here.
 */
import {
  COINS_MSG,
  DAILY_BONUS_COINS,
  PAYMENT_STATUS_LABELS,
  REFERRAL_REWARD_COINS,
  SOCIAL_REWARD_COINS,
  coinCount,
} from '@app/shared';

export const COINS_TEXT = {
  ...COINS_MSG,
  statusLabels: PAYMENT_STATUS_LABELS,
  back: 'Retour',
  close: 'Fermer',
  cancel: 'Annuler',
  retry: 'Réessayer',

  // /buy-coins
  buyTitle: 'Acheter des pièces',
  buyLead: 'Choisissez une offre de pièces.',
  balance: (coins: number) => `Solde actuel : ${coinCount(coins)} pièces`,
  history: 'Mes achats',
  popular: 'Populaire',
  coins: (n: number) => `${coinCount(n)} pièces`,
  bonus: (n: number) => `+${n} bonus`,
  buyNow: 'Acheter maintenant',
  processing: 'Traitement...',

  // mobile-money modal
  mobileTitle: 'Paiement mobile',
  mobileLead: 'Choisissez votre moyen de paiement',
  phoneLabel: 'Numéro de téléphone',
  phonePlaceholder: '70 12 34 56',
  ussdLead: 'Composez ce code sur votre téléphone pour obtenir votre code OTP :',
  copy: 'Copier',
  copyUssd: 'Copier le code USSD',
  otpLabel: 'Code OTP',
  otpDigit: (i: number) => `Chiffre ${i} du code OTP`,
  moovLead: 'Vous recevrez une demande de confirmation de Moov Money sur ce numéro.',
  confirm: 'Confirmer le paiement',
  summary: (coins: number, bonus: number) =>
    bonus > 0
      ? `${coinCount(coins)} pièces + ${coinCount(bonus)} bonus`
      : `${coinCount(coins)} pièces`,

  // card modal
  cardTitle: 'Paiement international',
  cardLead:
    'Vous allez être redirigé vers notre partenaire de paiement sécurisé pour payer par carte bancaire.',

  // the other payment method, offered in each modal whatever the region
  or: 'ou',
  payByCard: 'Payer par carte (international)',
  payByMobile: 'Payer par Orange Money / Moov Money',

  // status overlay
  overlayPending: 'Paiement en cours',
  overlaySuccess: 'Paiement réussi',
  checkingCard: 'Vérification du paiement en cours...',
  checkingOrange: 'Votre paiement est en cours de traitement...',
  checkingMoov: 'Veuillez valider votre paiement en suivant les procédures SMS',
  backHome: "Retour à l'accueil",
  creditDetail: (coins: number, bonus: number) =>
    `${coinCount(coins)} pièces + ${coinCount(bonus)} pièces de bonus`,
  newBalance: (coins: number) => `Nouveau solde : ${coinCount(coins)} pièces`,

  // failed payment result (its title is COINS_MSG.failedToast, the spec's words)
  failedReasonLabel: 'Motif',
  failedReasonGeneric:
    "Le paiement n'a pas abouti : il a été refusé, annulé ou n'a pas été validé à temps. Aucune pièce n'a été ajoutée à votre solde.",
  orderLabel: 'Numéro de commande',
  failedHelp:
    'Si votre compte a tout de même été débité, contactez le support en indiquant ce numéro.',
  backToOffers: 'Retour aux offres',

  // /buying
  purchasesTitle: 'Mes achats',
  purchase: (id: number) => `Achat #${id}`,
  amount: 'Montant',
  coinsLabel: 'Pièces',
  date: 'Date',
  emptyTitle: 'Aucun achat',
  emptyText: "Vous n'avez pas encore effectué d'achat de pièces.",
  emptyAction: 'Acheter des pièces',
  more: 'Afficher plus',

  // earn modal
  earnTitle: 'Gagner des pièces',
  earnLead: 'Rejoignez nos réseaux sociaux et gagnez des pièces :',
  join: (network: string) => `Rejoindre ${network}`,
  reward: `+${SOCIAL_REWARD_COINS} pièces`,
  allJoined: 'Vous avez rejoint tous nos réseaux. Merci !',
  inviteHelp: `Invitez vos amis : +${REFERRAL_REWARD_COINS} pièces pour chaque ami qui s'inscrit avec votre code.`,
  dailyHelp: `Connectez-vous chaque jour : +${DAILY_BONUS_COINS} pièces de bonus quotidien.`,
} as const;

const DATE_FORMAT = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Africa/Ouagadougou',
});

/** "8 septembre 2025 à 10:05" (or the raw value when it is not a date). */
export function formatPurchaseDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : DATE_FORMAT.format(d);
}
