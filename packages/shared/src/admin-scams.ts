/**
 * The console's « Arnaques » queue (scam shield, beyond the spec): members whose messages the
 * server flagged since their last review, held ones first, with the number of chats, the
 * account's age and devices; their flagged messages are read one member at a time (audited).
 */
import { z } from 'zod';
import { adminOneOf, ZAdminPage } from './admin.js';
import { ZMemberDevice } from './admin-members.js';
import { ZEvidenceMessage } from './admin-queues.js';

const lazySchema = <T>(build: () => T): T => build();

/** held: waiting for a review (they can't start chats); flagged: every member flagged since review. */
export const SCAM_QUEUE_STATUSES = ['held', 'flagged'] as const;

export const ZAdminScamsRequest = /* @__PURE__ */ lazySchema(() =>
  z.object({
    status: adminOneOf(SCAM_QUEUE_STATUSES, 'Statut').default('held'),
    page: ZAdminPage,
  }),
);

export const ZAdminScamMember = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string().nullable(),
    email: z.string(),
    photo: z.string().nullable(),
    /** The account's creation: a scam account is usually days old. */
    created_at: z.string(),
    blocked: z.boolean(),
    held_at: z.string().nullable(),
    /** Different chats with a flagged message of theirs, in the last 24 h and since the review. */
    flagged_chats_24h: z.number(),
    flagged_chats: z.number(),
    flagged_messages: z.number(),
    last_flagged_at: z.string(),
    devices: z.array(ZMemberDevice),
  }),
);
export type TAdminScamMember = z.infer<typeof ZAdminScamMember>;

/** A flagged message as the queue shows it: the evidence fields and its chat. */
export const ZAdminFlaggedMessage = /* @__PURE__ */ lazySchema(() =>
  ZEvidenceMessage.extend({ chat_id: z.number() }),
);
export type TAdminFlaggedMessage = z.infer<typeof ZAdminFlaggedMessage>;
