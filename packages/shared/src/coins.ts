/**
 * Coins contract (spec 2 "Buy coins", "Purchase history", §4, §5, §7, §8, §9): the six packs
 * defined once, the social rewards, the French texts, the mobile-money rules (Burkina phone
 * numbers, the Orange OTP, the USSD code) and the payloads and answers of the payment calls.
 * The server never trusts an amount or a coin count from the browser: it looks the pack up here.
 */
import { z } from 'zod';
import { zText } from './text.js';

/** Shown to members; providers speak ISO 4217, where the FCFA of Burkina Faso is XOF. */
export const COIN_CURRENCY = 'FCFA';
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
  otpHint: 'Le code doit contenir 6 chiffres différents',
  amountInvalid: 'Montant invalide : choisissez une des offres proposées.',
  packMismatch: 'Le montant ne correspond pas à l’offre choisie.',
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
  ussdCopied: 'Code USSD copié !',
  listFailed: 'Erreur lors du chargement des paiements',
  providerUnavailable:
    'Ce moyen de paiement n’est pas disponible pour le moment. Veuillez réessayer plus tard ou choisir un autre moyen.',
  socialFailed: 'Erreur lors de la jointure du réseau social. Veuillez réessayer.',
  socialAlreadyJoined: 'Vous avez déjà rejoint ce réseau : la récompense a déjà été versée.',
  platformInvalid: 'Réseau social invalide.',
  socialSuccess: (network: string) =>
    `Vous avez gagné ${SOCIAL_REWARD_COINS} pièces en rejoignant ${network} !`,
  purchaseSuccess: (coins: number) => `Votre achat a réussi ! Vous avez reçu ${coins} pièces.`,
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

/** Orange OTP (spec 2 §5): exactly 6 digits, only digits, and not 123456. */
export function isValidOrangeOtp(otp: string): boolean {
  return new RegExp(`^\\d{${ORANGE_OTP_LENGTH}}$`).test(otp) && otp !== '123456';
}

/** The code the customer dials to make an Orange Money OTP for this price. */
export const orangeUssdCode = (price: number) => `*144*4*6*${price}#`;

const fcfaFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
/** "1 000 FCFA" with French grouping. */
export const formatFcfa = (amount: number) => `${fcfaFormat.format(amount)} ${COIN_CURRENCY}`;

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

// --- payloads and answers -----------------------------------------------------------------
// Built inside calls marked pure, so a screen importing only the rules above leaves zod out.

const lazySchema = <T>(build: () => T): T => build();

const token = () => zText().optional();
const amount = () =>
  z.coerce
    .number({ error: COINS_MSG.amountInvalid })
    .int(COINS_MSG.amountInvalid)
    .positive(COINS_MSG.amountInvalid)
    .max(10_000_000, COINS_MSG.amountInvalid);
const packId = () => z.coerce.number().int().min(1).max(99).optional().nullable();
const paymentId = () =>
  zText({ error: COINS_MSG.paymentIdInvalid })
    .trim()
    .regex(new RegExp(`^\\d{${PAYMENT_ID_LENGTH}}$`), COINS_MSG.paymentIdInvalid);

/** POST /init-cinet (spec 2 §7): the browser's payment id and the pack's price. */
export const ZInitCinetRequest = /* @__PURE__ */ lazySchema(() =>
  z.object({ token: token(), payment_id: paymentId(), amount: amount(), pack_id: packId() }),
);
export type TInitCinetRequest = z.infer<typeof ZInitCinetRequest>;

export const ZCheckCinetRequest = /* @__PURE__ */ lazySchema(() =>
  z.object({ token: token(), payment_id: paymentId() }),
);

/**
 * What the providers send us, as they send it: a form (or JSON) of flat fields. Only the
 * fields we read are named; the providers may add others, kept (the adapter checks the
 * notification's signature over the fields it knows). A call without a body is an empty form.
 */
const providerField = () => z.union([z.string(), z.number()]).optional();

/** CinetPay's POST to our notify URL (its x-token header signs these fields). */
export const ZCinetPayNotification = /* @__PURE__ */ lazySchema(() =>
  z
    .looseObject({
      cpm_site_id: providerField(),
      cpm_trans_id: providerField(),
      cpm_trans_date: providerField(),
      cpm_amount: providerField(),
      cpm_currency: providerField(),
      signature: providerField(),
      payment_method: providerField(),
      cel_phone_num: providerField(),
      cpm_phone_prefixe: providerField(),
      cpm_language: providerField(),
      cpm_version: providerField(),
      cpm_payment_config: providerField(),
      cpm_page_action: providerField(),
      cpm_custom: providerField(),
      cpm_designation: providerField(),
      cpm_error_message: providerField(),
    })
    .prefault({}),
);

/** The browser coming back from a provider's page: the payment id under one of its names. */
export const ZPaymentReturn = /* @__PURE__ */ lazySchema(() =>
  z
    .looseObject({
      payment_id: providerField(),
      transaction_id: providerField(),
      cpm_trans_id: providerField(),
    })
    .prefault({}),
);

/** POST /init-bf-payment (spec 2 §7): the OTP is required for Orange only. */
export const ZInitBfRequest = /* @__PURE__ */ lazySchema(() =>
  z
    .object({
      token: token(),
      amount: amount(),
      pack_id: packId(),
      phone: zText({ error: COINS_MSG.fillAll })
        .max(40, COINS_MSG.phoneInvalid)
        .refine((v) => normalizeBurkinaPhone(v) !== null, COINS_MSG.phoneInvalid),
      payment_method: z.enum(MOBILE_MONEY_METHODS, { error: COINS_MSG.methodInvalid }),
      otp: zText().trim().max(20).optional().nullable(),
    })
    .refine((b) => b.payment_method !== 'orange' || isValidOrangeOtp(b.otp ?? ''), {
      message: COINS_MSG.otpInvalid,
      path: ['otp'],
    }),
);
export type TInitBfRequest = z.infer<typeof ZInitBfRequest>;

/**
 * POST /check-bf-payment (spec 2 §7). Here `token` is the payment's token from
 * /init-bf-payment, so the session must come as `Authorization: Bearer`.
 */
export const ZCheckBfRequest = /* @__PURE__ */ lazySchema(() =>
  z.object({ token: zText({ error: COINS_MSG.paymentNotFound }).min(8).max(100) }),
);

export const ZMyPaymentsRequest = /* @__PURE__ */ lazySchema(() =>
  z
    .object({
      token: token(),
      page: z.coerce.number().int().min(1, 'Page invalide').max(10_000).default(1),
      per_page: z.coerce.number().int().min(1).max(50).default(MY_PAYMENTS_PER_PAGE),
    })
    .default({ page: 1, per_page: MY_PAYMENTS_PER_PAGE }),
);

export const ZSocialJoinRequest = /* @__PURE__ */ lazySchema(() =>
  z.object({
    token: token(),
    platform: z.enum(SOCIAL_PLATFORMS, { error: COINS_MSG.platformInvalid }),
  }),
);

/** One purchase (spec 2 §3 "Payment"); `coins` is what it credits (pack coins plus bonus). */
export const ZPayment = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.number().int(),
    status: z.enum(PAYMENT_STATUSES),
    amount: z.number().int(),
    coins: z.number().int(),
    created_at: z.string(),
  }),
);
export type TPayment = z.infer<typeof ZPayment>;

/** `data` of /check-cinet-payment and /check-bf-payment (the status is also top-level). */
export const ZPaymentCheck = /* @__PURE__ */ lazySchema(() =>
  z.object({
    status: z.enum(PAYMENT_STATUSES),
    payment_id: z.string(),
    amount: z.number().int(),
    /** The pack's coins (what the success overlay names) and its bonus. */
    coins: z.number().int(),
    bonus: z.number().int(),
  }),
);
export type TPaymentCheck = z.infer<typeof ZPaymentCheck>;

/** `data` of /init-cinet: where the browser goes to pay. */
export const ZInitCinetData = /* @__PURE__ */ lazySchema(() =>
  z.object({
    payment_id: z.string(),
    payment_url: z.string(),
    status: z.enum(PAYMENT_STATUSES),
  }),
);
export type TInitCinetData = z.infer<typeof ZInitCinetData>;

/** `data` of /init-bf-payment (the token is also top-level, as the spec reads it). */
export const ZInitBfData = /* @__PURE__ */ lazySchema(() =>
  z.object({ token: z.string(), status: z.enum(PAYMENT_STATUSES) }),
);
export type TInitBfData = z.infer<typeof ZInitBfData>;

export const PAYMENT_REGIONS = ['burkina', 'international'] as const;
export type TPaymentRegion = (typeof PAYMENT_REGIONS)[number];
export const ZPaymentRegionData = /* @__PURE__ */ lazySchema(() =>
  z.object({ region: z.enum(PAYMENT_REGIONS), country_code: z.string().nullable() }),
);
export type TPaymentRegionData = z.infer<typeof ZPaymentRegionData>;

/** `data` of /social/join: what the join credited, the new balance and the network's link. */
export const ZSocialJoinData = /* @__PURE__ */ lazySchema(() =>
  z.object({
    platform: z.enum(SOCIAL_PLATFORMS),
    coins_earned: z.number().int(),
    new_balance: z.number().int(),
    link: z.string(),
  }),
);
export type TSocialJoinData = z.infer<typeof ZSocialJoinData>;

/**
 * A payment provider's last answer as kept on an order and shown in the console's payments
 * queue: its non-secret fields only (never the request, the OTP or our credentials).
 */
export interface TProviderAnswer {
  /** Which call answered: the payment call itself, or a status call (enquiry, check). */
  call: 'payment' | 'status';
  /** payment: paid | pending | refused | unknown | redirect; status: success | failed | pending | unknown. */
  outcome: string;
  /** The provider's code and message, or why the answer could not be read. */
  reason: string | null;
  reference: string | null;
  amount: number | null;
  currency: string | null;
}
