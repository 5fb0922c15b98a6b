/**
 * The moderation console's queues as the server sends them (issue 10, /api/admin/*): reports,
 * held stories, support tickets, announcements, payment orders and the ledger audit, with the
 * filters each list takes and the bodies of the actions on them.
 */
import { z } from 'zod';
import { zText } from './text.js';
import {
  adminBodyOf,
  adminOneOf,
  ZAdminId,
  ZAdminPage,
  ZAdminReason,
  ZAdminSearch,
} from './admin.js';

// Built inside calls marked pure: the console imports only the types, so zod stays out of the
// browser bundle.
const lazySchema = <T>(build: () => T): T => build();

/** A sender's change to a message after it was sent. */
export const MESSAGE_CHANGES = ['edited', 'deleted'] as const;
export type TMessageChange = (typeof MESSAGE_CHANGES)[number];

/**
 * One chat message kept with a report: the reported member's flagged messages of the chat and
 * their last ones (never the reporter's side of the conversation).
 */
export const ZEvidenceMessage = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.number().optional(),
    sender_id: z.number(),
    type: z.string(),
    content: z.string().nullable(),
    created_at: z.string(),
    /** Flagged by the scam shield when it was sent. */
    flagged: z.boolean().optional(),
    /**
     * What its sender did to it since: members see the edit, or nothing. While the report or
     * the scam review is open, `content` is still the text it had (kept for the moderators).
     */
    changed: z.enum(MESSAGE_CHANGES).optional(),
    /** An edited message's text as members see it now. */
    shown: z.string().optional(),
  }),
);
export type TEvidenceMessage = z.infer<typeof ZEvidenceMessage>;

export const REPORT_QUEUE_STATUSES = ['open', 'reviewed', 'dismissed'] as const;

/** GET /api/admin/reports' query. */
export const ZAdminReportsRequest = /* @__PURE__ */ lazySchema(() =>
  z.object({
    status: adminOneOf(REPORT_QUEUE_STATUSES, 'Statut').default('open'),
    page: ZAdminPage,
  }),
);

/** A report card of the queue: the reported member, who reported, the evidence. */
export const ZAdminReport = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.number(),
    reason: z.string(),
    reason_label: z.string(),
    details: z.string().nullable(),
    /**
     * How many messages came with the report. The messages themselves are read one report at a
     * time (GET /api/admin/reports/:id/evidence), and each reading is written to the audit log.
     */
    evidence_count: z.number(),
    status: z.string(),
    created_at: z.string(),
    chat_id: z.number().nullable(),
    earlier_reports: z.number(),
    reporter: z.object({ id: z.number(), name: z.string().nullable() }),
    reported: z.object({
      id: z.number(),
      name: z.string().nullable(),
      email: z.string(),
      photo: z.string().nullable(),
      blocked: z.boolean(),
      /** Their announcements not deleted yet (listed with /admin/announcements?user_id=). */
      announcements: z.number(),
    }),
  }),
);
export type TAdminReport = z.infer<typeof ZAdminReport>;

export const STORY_QUEUE_STATUSES = ['pending', 'approved', 'rejected'] as const;

/** GET /api/admin/stories' query (pending first come first). */
export const ZAdminStoriesRequest = /* @__PURE__ */ lazySchema(() =>
  z.object({
    status: adminOneOf(STORY_QUEUE_STATUSES, 'Statut').default('pending'),
    page: ZAdminPage,
  }),
);

/** A story of the moderation queue, with why it was held. */
export const ZAdminStory = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.number(),
    content: z.string(),
    status: z.string(),
    held_reason: z.string().nullable(),
    held_reason_label: z.string().nullable(),
    created_at: z.string(),
    author_id: z.number(),
    author_name: z.string().nullable(),
  }),
);
export type TAdminStory = z.infer<typeof ZAdminStory>;

export const TICKET_QUEUE_STATUSES = ['pending', 'in_progress', 'resolved', 'closed'] as const;

/** GET /api/admin/tickets' query (every status when absent). */
export const ZAdminTicketsRequest = /* @__PURE__ */ lazySchema(() =>
  z.object({
    status: adminOneOf(TICKET_QUEUE_STATUSES, 'Statut').optional(),
    page: ZAdminPage,
  }),
);

/** A support ticket with its member. */
export const ZAdminTicket = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.number(),
    reason: z.string(),
    description: z.string(),
    status: z.string(),
    reply: z.string().nullable(),
    replied_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    user_id: z.number(),
    user_name: z.string().nullable(),
    user_email: z.string(),
  }),
);
export type TAdminTicket = z.infer<typeof ZAdminTicket>;

/** POST /api/admin/tickets/:id: a new status, a reply e-mailed to the member, or both. */
export const ZAdminTicketUpdateRequest = /* @__PURE__ */ lazySchema(() =>
  adminBodyOf({
    status: adminOneOf(TICKET_QUEUE_STATUSES, 'Statut').optional(),
    reply: zText({ error: 'La réponse est trop courte' })
      .trim()
      .min(2, 'La réponse est trop courte')
      .max(5000, 'La réponse est trop longue')
      .optional(),
    // Optional: without one, the audit log keeps the move itself as the why.
    reason: ZAdminReason.optional(),
  }).refine((b) => b.status || b.reply, 'Indiquez un statut ou une réponse'),
);

export const ANNOUNCEMENT_QUEUE_STATUSES = ['active', 'hidden', 'deleted', 'all'] as const;

/** GET /api/admin/announcements' query: text, status, one member's. */
export const ZAdminAnnouncementsRequest = /* @__PURE__ */ lazySchema(() =>
  z.object({
    q: ZAdminSearch,
    status: adminOneOf(ANNOUNCEMENT_QUEUE_STATUSES, 'Statut').default('all'),
    // One member's announcements (a report card, a member page).
    user_id: ZAdminId.optional(),
    page: ZAdminPage,
  }),
);

/** An announcement with its author. */
export const ZAdminAnnouncement = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.number(),
    description: z.string(),
    category: z.string().nullable(),
    views: z.number(),
    is_active: z.boolean(),
    deleted_at: z.string().nullable(),
    created_at: z.string(),
    user_id: z.number(),
    user_name: z.string().nullable(),
    user_email: z.string(),
  }),
);
export type TAdminAnnouncement = z.infer<typeof ZAdminAnnouncement>;

export const ORDER_QUEUE_STATUSES = ['pending', 'success', 'failed', 'raised'] as const;
export const ORDER_PROVIDERS = ['cinetpay', 'orange_bf', 'moov_bf', 'simulator'] as const;

/** GET /api/admin/payments' query ("raised": still pending 15 minutes after being made). */
export const ZAdminPaymentsRequest = /* @__PURE__ */ lazySchema(() =>
  z.object({
    status: adminOneOf(ORDER_QUEUE_STATUSES, 'Statut').optional(),
    provider: adminOneOf(ORDER_PROVIDERS, 'Fournisseur').optional(),
    page: ZAdminPage,
  }),
);

/** A provider's last answer kept on an order: its non-secret fields only. */
export const ZProviderAnswer = /* @__PURE__ */ lazySchema(() =>
  z.object({
    call: z.enum(['payment', 'status']),
    outcome: z.string(),
    reason: z.string().nullable(),
    reference: z.string().nullable(),
    amount: z.number().nullable(),
    currency: z.string().nullable(),
  }),
);

/** A payment order (its member's name and e-mail in the payments queue). */
export const ZAdminOrder = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.number(),
    payment_id: z.string(),
    user_id: z.number(),
    user_name: z.string().nullable().optional(),
    user_email: z.string().optional(),
    pack_id: z.number(),
    amount: z.number(),
    currency: z.string(),
    coins: z.number(),
    bonus: z.number(),
    provider: z.string(),
    method: z.string(),
    status: z.string(),
    provider_ref: z.string().nullable(),
    failure_reason: z.string().nullable(),
    check_attempts: z.number(),
    created_at: z.string(),
    completed_at: z.string().nullable(),
    /** Set when the order was still unsettled 15 minutes after it was made. */
    raised_at: z.string().nullable().optional(),
    last_answer: ZProviderAnswer.nullable().optional(),
    last_answer_at: z.string().nullable().optional(),
  }),
);
export type TAdminOrder = z.infer<typeof ZAdminOrder>;

/** POST /api/admin/payments/:id/recheck's data: the order's status after asking. */
export const ZRecheckResult = /* @__PURE__ */ lazySchema(() => z.object({ status: z.string() }));

/** A member whose balance and coin ledger disagree (GET /api/admin/ledger-audit). */
export const ZLedgerMismatch = /* @__PURE__ */ lazySchema(() =>
  z.object({
    user_id: z.number(),
    balance: z.number(),
    ledger_sum: z.number(),
    last_balance_after: z.number().nullable(),
    movements: z.number(),
  }),
);
export type TLedgerMismatch = z.infer<typeof ZLedgerMismatch>;
