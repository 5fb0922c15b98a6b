/**
 * Coins contract (spec 2 "Buy coins", "Purchase history", §4, §5, §7, §8, §9): the six packs
 * defined once, the social rewards, the French texts, the mobile-money rules (Burkina phone
 * numbers, the Orange OTP, the USSD code). The payloads and answers of its calls are in
 * coin-calls.ts.
 * The server never trusts an amount or a coin count from the browser: it looks the pack up here.
 */
import { COIN_CURRENCY, coinCount } from './coin-count.js';

export { COIN_CURRENCY, coinCount, formatFcfa } from './coin-count.js';

/** Shown to members; providers speak ISO 4217, where the FCFA of Burkina Faso is XOF. */
export const COIN_CURRENCY_ISO = 'XOF';

export interface TCoinPack {
  id: number;
  coins: number;
  /** Price in FCFA (whole francs: there are no cents). */
  price: number;
  currency: typeof COIN_CURRENCY;
  popular: boolean;
  bonus: number;
}

const pack = (id: number, coins: number, price: number, bonus: number): TCoinPack =>
  Object.freeze({ id, coins, price, currency: COIN_CURRENCY, popular: id === 3, bonus });

/** Spec 2 §9, in display order; 'Populaire' on the third. */
export const COIN_PACKS: readonly TCoinPack[] = Object.freeze([
  pack(1, 50, 300, 0),
  pack(2, 100, 500, 0),
  pack(3, 250, 1000, 25),
  pack(4, 600, 2000, 100),
  pack(5, 2000, 5000, 500),
  pack(6, 5000, 10000, 1500),
]);

export const findPackById = (id: number): TCoinPack | undefined =>
  COIN_PACKS.find((p) => p.id === id);

/** The pack whose price is exactly this amount (the spec's calls send only the amount). */
export const findPackByPrice = (amount: number): TCoinPack | undefined =>
  COIN_PACKS.find((p) => p.price === amount);

/** What a purchase credits: the pack's coins plus its bonus. */
export const packTotalCoins = (p: Pick<TCoinPack, 'coins' | 'bonus'>) => p.coins + p.bonus;

// --- earning ------------------------------------------------------------------------------

export const SOCIAL_REWARD_COINS = 50;
export const SOCIAL_PLATFORMS = ['facebook', 'tiktok', 'youtube'] as const;
export type TSocialPlatform = (typeof SOCIAL_PLATFORMS)[number];
export const SOCIAL_PLATFORM_LABELS: Record<TSocialPlatform, string> = {
  facebook: 'Facebook',
  tiktok: 'TikTok',
  youtube: 'YouTube',
};
/** Spec 2 §4: the profile reloads 1 s after a join, then the browser opens the link. */
export const SOCIAL_RELOAD_DELAY_MS = 1_000;

// --- payments -----------------------------------------------------------------------------

export const PAYMENT_POLL_INTERVAL_MS = 5_000;
export const CARD_REDIRECT_DELAY_MS = 500;
export const PAYMENT_ID_LENGTH = 10;
export const ORANGE_OTP_LENGTH = 6;
export const MY_PAYMENTS_PER_PAGE = 20;

export const MOBILE_MONEY_METHODS = ['orange', 'moov'] as const;
export type TMobileMoneyMethod = (typeof MOBILE_MONEY_METHODS)[number];
export const MOBILE_MONEY_LABELS: Record<TMobileMoneyMethod, string> = {
  orange: 'Orange Money',
  moov: 'Moov Money',
};

export const PAYMENT_STATUSES = ['pending', 'success', 'failed'] as const;
export type TPaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_LABELS: Record<TPaymentStatus, string> = {
  pending: 'En attente',
  success: 'Réussi',
  failed: 'Échoué',
};

/** Country code of Burkina Faso (GeoIP) and its dialling code. */
export const BURKINA_COUNTRY_CODE = 'BF';
export const BURKINA_DIAL_CODE = '226';

export const COINS_MSG = {
  chooseOffer: 'Veuillez sélectionner une offre',
  fillAll: 'Veuillez remplir tous les champs',
  phoneInvalid:
    'Numéro de téléphone invalide : entrez un numéro du Burkina Faso à 8 chiffres (ex. 70 12 34 56).',
  otpInvalid: 'Veuillez entrer un code OTP valide à 6 chiffres',
  otpHint: 'Le code doit contenir 6 chiffres',
  amountInvalid: 'Montant invalide : choisissez une des offres proposées.',
  packMismatch: "Le montant ne correspond pas à l'offre choisie.",
  paymentIdInvalid: 'Identifiant de paiement invalide.',
  paymentIdTaken: 'Ce paiement existe déjà. Veuillez réessayer.',
  paymentNotFound: 'Paiement introuvable.',
  methodInvalid: 'Moyen de paiement invalide.',
  initFailed: "Erreur lors de l'initiation du paiement",
  connection: 'Erreur de connexion, veuillez réessayer',
  orangeRefused: 'OTP invalide ou paiement expiré',
  moovRefused: 'Paiement échoué, veuillez réessayer',
  mobileFailed: 'Erreur lors du paiement, veuillez réessayer',
  failedToast: 'Votre paiement a échoué',
  /** Why a payment failed, as the status check answers it (the order's stored reason, sorted). */
  failedExpired: "Le délai de paiement est dépassé : aucun débit n'a été confirmé à temps.",
  failedBalance: 'Solde insuffisant sur votre compte mobile money.',
  failedOtp: 'Code OTP invalide ou expiré. Générez un nouveau code et réessayez.',
  failedCancelled: 'Le paiement a été annulé.',
  failedAmount:
    'Le montant payé ne correspond pas au pack choisi. Contactez le support avec le numéro de commande.',
  failedRefused: "L'opérateur a refusé le paiement.",
  ussdCopied: 'Code USSD copié !',
  listFailed: 'Erreur lors du chargement des paiements',
  providerUnavailable:
    "Ce moyen de paiement n'est pas disponible pour le moment. Veuillez réessayer plus tard ou choisir un autre moyen.",
  socialFailed: 'Erreur lors de la jointure du réseau social. Veuillez réessayer.',
  socialAlreadyJoined: 'Vous avez déjà rejoint ce réseau : la récompense a déjà été versée.',
  platformInvalid: 'Réseau social invalide.',
  socialSuccess: (network: string) =>
    `Vous avez gagné ${SOCIAL_REWARD_COINS} pièces en rejoignant ${network} !`,
  purchaseSuccess: (coins: number) =>
    `Votre achat a réussi ! Vous avez reçu ${coinCount(coins)} pièces.`,
} as const;

// --- pure rules ---------------------------------------------------------------------------

/**
 * A Burkina Faso number as its 8 national digits, or null. Accepts spaces, dots and dashes
 * between digits and the optional +226 or 00226 prefix ("+226 70 12 34 56" → "70123456").
 */
export function normalizeBurkinaPhone(raw: string): string | null {
  const compact = raw.trim().replace(/[\s.\-()]/g, '');
  const national = compact.replace(new RegExp(`^(?:\\+|00)${BURKINA_DIAL_CODE}`), '');
  return /^\d{8}$/.test(national) ? national : null;
}

export function burkinaPhoneError(raw: string): string | null {
  if (!raw.trim()) return COINS_MSG.fillAll;
  return normalizeBurkinaPhone(raw) ? null : COINS_MSG.phoneInvalid;
}

/**
 * Orange OTP (spec 2 §5): exactly 6 digits. Orange Money makes it when the customer dials the
 * USSD code: any six digits, repeats and runs included, so 123456 or 000000 can be a real code
 * and only the operator can say whether one is wrong (the 403 of spec 2 §8). The hint says the
 * same: six digits, nothing more.
 */
export function isValidOrangeOtp(otp: string): boolean {
  return new RegExp(`^\\d{${ORANGE_OTP_LENGTH}}$`).test(otp);
}

/** The code the customer dials to make an Orange Money OTP for this price. */
export const orangeUssdCode = (price: number) => `*144*4*6*${price}#`;

/** Spec 2 §4: a random 10-digit payment id (no leading zero, so it survives number parsing). */
export function randomPaymentId(random: () => number = Math.random): string {
  let id = String(1 + Math.floor(random() * 9));
  while (id.length < PAYMENT_ID_LENGTH) id += String(Math.floor(random() * 10));
  return id;
}

/**
 * The pack a request names: by id, by exact price, or both (then they must agree).
 * Answers the pack or the French reason it is refused.
 */
export function resolvePack(input: {
  pack_id?: number | null;
  amount?: number | null;
}): { pack: TCoinPack } | { error: string } {
  const byId = input.pack_id != null ? findPackById(input.pack_id) : undefined;
  const byPrice = input.amount != null ? findPackByPrice(input.amount) : undefined;
  if (input.pack_id != null && !byId) return { error: COINS_MSG.amountInvalid };
  if (input.amount != null && !byPrice) return { error: COINS_MSG.amountInvalid };
  if (byId && byPrice && byId.id !== byPrice.id) return { error: COINS_MSG.packMismatch };
  const found = byId ?? byPrice;
  return found ? { pack: found } : { error: COINS_MSG.chooseOffer };
}
