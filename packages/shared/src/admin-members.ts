/**
 * The moderation console's member pages as the server sends them (issue 10, /api/admin/members):
 * a search row, the detail page with its records (devices, coins, orders, reports), and the
 * bodies of the actions on a member (roles and coins are for admins).
 */
import { z } from 'zod';
import { adminBodyOf, ZAdminPage, ZAdminReason, ZAdminSearch } from './admin.js';
import { ZAdminOrder } from './admin-queues.js';

// Built inside calls marked pure: the console imports only the types, so zod stays out of the
// browser bundle.
const lazySchema = <T>(build: () => T): T => build();

/** GET /api/admin/members' query: a name, an e-mail or an id. */
export const ZAdminMembersRequest = /* @__PURE__ */ lazySchema(() =>
  z.object({ q: ZAdminSearch, page: ZAdminPage }),
);

/** A member in the search list. */
export const ZAdminMemberRow = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string().nullable(),
    email: z.string(),
    photo: z.string().nullable(),
    role: z.string(),
    blocked: z.boolean(),
    blocked_reason: z.string().nullable(),
    created_at: z.string(),
    last_seen_at: z.string().nullable(),
    coins: z.number(),
  }),
);
export type TAdminMemberRow = z.infer<typeof ZAdminMemberRow>;

export const ZCoinMovement = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.number(),
    amount: z.number(),
    balance_after: z.number(),
    reason: z.string(),
    meta: z.record(z.string(), z.unknown()).nullable(),
    created_at: z.string(),
  }),
);
export type TCoinMovement = z.infer<typeof ZCoinMovement>;

/** A report made by or about the member. */
export const ZMemberReport = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.number(),
    reporter_id: z.number(),
    reported_id: z.number(),
    reason: z.string(),
    details: z.string().nullable(),
    status: z.string(),
    created_at: z.string(),
  }),
);
export type TMemberReport = z.infer<typeof ZMemberReport>;

/** An account created from the member's signup device. */
export const ZDeviceAccount = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.number(),
    email: z.string(),
    name: z.string().nullable(),
    blocked_at: z.string().nullable(),
    created_at: z.string(),
  }),
);
export type TDeviceAccount = z.infer<typeof ZDeviceAccount>;

/** An account seen on a device: a link to its page, and whether it is blocked. */
export const ZSeenAccount = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string().nullable(),
    email: z.string(),
    blocked: z.boolean(),
  }),
);
export type TSeenAccount = z.infer<typeof ZSeenAccount>;

/** A device the member signed up or signed in from (last used first, at most 20). */
export const ZMemberDevice = /* @__PURE__ */ lazySchema(() =>
  z.object({
    hash: z.string(),
    first_seen_at: z.string(),
    last_seen_at: z.string(),
    /** The other accounts seen on it, last seen there first (at most 20). */
    accounts: z.array(ZSeenAccount),
  }),
);
export type TMemberDevice = z.infer<typeof ZMemberDevice>;

/** GET /api/admin/members/:id's data. */
export const ZAdminMember = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string().nullable(),
    email: z.string(),
    gender: z.string().nullable(),
    age: z.number().nullable(),
    locality: z.string().nullable(),
    bio: z.string().nullable(),
    photos: z
      .object({
        thumb: z.string().nullable(),
        card: z.string().nullable(),
        full: z.string().nullable(),
      })
      .nullable(),
    /** Every photo of the profile, main first, with the id a removal names (issue 28). */
    gallery: z.array(z.object({ id: z.number(), thumb: z.string(), card: z.string() })),
    verified: z.boolean(),
    role: z.string(),
    coins: z.number(),
    blocked: z.boolean(),
    blocked_reason: z.string().nullable(),
    email_verified: z.boolean(),
    profile_complete: z.boolean(),
    created_at: z.string(),
    last_seen_at: z.string().nullable(),
    /** The signup device: the accounts created from it and its refused sign-ups. */
    device: z.object({
      hash: z.string().nullable(),
      accounts: z.array(ZDeviceAccount),
      refusals: z.number(),
    }),
    devices: z.array(ZMemberDevice),
    coin_movements: z.array(ZCoinMovement),
    orders: z.array(ZAdminOrder),
    reports_received: z.array(ZMemberReport),
    reports_made: z.array(ZMemberReport),
  }),
);
export type TAdminMember = z.infer<typeof ZAdminMember>;

/** POST /api/admin/members/:id/photo/delete: why, and which photo (the main one when absent). */
export const ZAdminPhotoDeleteRequest = /* @__PURE__ */ lazySchema(() =>
  adminBodyOf({
    reason: ZAdminReason,
    photo_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  }),
);

/** The roles an admin may give here (an admin's own role is not changed from the console). */
export const ASSIGNABLE_ROLES = ['member', 'moderator'] as const;

/** POST /api/admin/members/:id/role. */
export const ZAdminRoleRequest = /* @__PURE__ */ lazySchema(() =>
  adminBodyOf({
    role: z.enum(ASSIGNABLE_ROLES, { error: 'Rôle invalide' }),
    reason: ZAdminReason,
  }),
);

const BAD_AMOUNT = 'Montant invalide';
/** The largest manual credit or debit, in coins. */
export const COINS_ADJUST_MAX = 100_000;

/** POST /api/admin/members/:id/coins: a credit (positive) or a debit (negative). */
export const ZAdminCoinsRequest = /* @__PURE__ */ lazySchema(() =>
  adminBodyOf({
    amount: z.coerce
      .number({ error: BAD_AMOUNT })
      .int(BAD_AMOUNT)
      .refine((n) => n !== 0 && Math.abs(n) <= COINS_ADJUST_MAX, BAD_AMOUNT),
    reason: ZAdminReason,
  }),
);

/** The data of a device reset: the accounts unblocked. */
export const ZResetDeviceResult = /* @__PURE__ */ lazySchema(() =>
  z.object({ unblocked: z.array(z.number()) }),
);

/** The data of a coins adjustment: the new balance. */
export const ZCoinsAdjustResult = /* @__PURE__ */ lazySchema(() =>
  z.object({ balance: z.number() }),
);
