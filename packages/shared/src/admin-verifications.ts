/**
 * The console's « Vérifications » queue (issue 28): the pending checks, first come first
 * served; one check with its two selfies (inline, read once and audited), the profile photos
 * and the poses asked; the refusal reasons a moderator picks from.
 */
import { z } from 'zod';
import { ZAdminPage, adminBodyOf } from './admin.js';
import { MODERATOR_REFUSAL_REASONS } from './verification.js';

const lazySchema = <T>(build: () => T): T => build();

export const ZAdminVerificationsRequest = /* @__PURE__ */ lazySchema(() =>
  z.object({ page: ZAdminPage }),
);

/** A line of the queue. */
export const ZAdminVerificationItem = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.number(),
    user_id: z.number(),
    name: z.string().nullable(),
    photo: z.string().nullable(),
    submitted_at: z.string(),
  }),
);
export type TAdminVerificationItem = z.infer<typeof ZAdminVerificationItem>;

/** One check as the moderator reviews it. */
export const ZAdminVerification = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.number(),
    user_id: z.number(),
    name: z.string().nullable(),
    status: z.string(),
    submitted_at: z.string().nullable(),
    poses: z.array(z.object({ key: z.string(), text: z.string() })),
    /** The selfies as data: URLs, only while the check is pending (deleted once decided). */
    selfies: z.array(z.string()),
    /** The member's profile photos (card size), main first. */
    photos: z.array(z.string()),
  }),
);
export type TAdminVerification = z.infer<typeof ZAdminVerification>;

export const ZAdminVerificationRefuseRequest = /* @__PURE__ */ lazySchema(() =>
  adminBodyOf({
    reason: z.enum(MODERATOR_REFUSAL_REASONS, { error: 'Choisissez une raison dans la liste' }),
  }),
);
export type TAdminVerificationRefuseRequest = z.infer<typeof ZAdminVerificationRefuseRequest>;
