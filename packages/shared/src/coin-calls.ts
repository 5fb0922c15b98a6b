/**
 * The payloads and answers of the coin calls (spec 2 §7, §8): buying with CinetPay or mobile
 * money, the status checks, the purchase history, the payment region and the social rewards.
 * Built inside calls marked pure, so a screen importing only the rules of coins.ts leaves zod out.
 */
import { z } from 'zod';
import { zText } from './text.js';
import {
  COINS_MSG,
  PAYMENT_ID_LENGTH,
  PAYMENT_STATUSES,
  SOCIAL_PLATFORMS,
  MOBILE_MONEY_METHODS,
  MY_PAYMENTS_PER_PAGE,
  isValidOrangeOtp,
  normalizeBurkinaPhone,
} from './coins.js';

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
    /** The pack's coins and its bonus: a success credits both. */
    coins: z.number().int(),
    bonus: z.number().int(),
    /** The member's balance as this answer leaves (after a success, the new one). */
    balance: z.number().int(),
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
