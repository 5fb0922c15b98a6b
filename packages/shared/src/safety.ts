/**
 * Block and report payloads (beyond the spec): the member one blocked as the list shows them,
 * the report reasons as the sheet lists them, and the calls' bodies. Texts and reasons live in
 * chats.ts (CHAT_MSG, REPORT_REASONS).
 */
import { z } from 'zod';
import { zText } from './text.js';
import { CHAT_MSG, REPORT_REASONS, type TReportReason } from './chats.js';

const lazySchema = <T>(build: () => T): T => build();
const token = () => zText().optional();

/** A member id in a path (/users/:id/…). */
export const ZMemberIdParams = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.coerce
      .number()
      .int()
      .positive()
      .max(2 ** 53),
  }),
);

/** Block and unblock send only the session token (or nothing). */
export const ZTokenOnlyRequest = /* @__PURE__ */ lazySchema(() =>
  z.object({ token: token() }).default({}),
);

export const ZBlocksRequest = /* @__PURE__ */ lazySchema(() =>
  z
    .object({ token: token(), page: z.coerce.number().int().min(1).max(10_000).default(1) })
    .default({ page: 1 }),
);

/** Where a member was when they were reported (the sheet says it, the moderators see it). */
export const REPORT_SOURCES = [
  'chat',
  'swipe',
  'nearby',
  'profile',
  'announcement',
  'match',
] as const;
export type TReportSource = (typeof REPORT_SOURCES)[number];
export const REPORT_SOURCE_LABELS: Record<TReportSource, string> = {
  chat: 'une discussion',
  swipe: 'une carte des swipes',
  nearby: 'la carte « À proximité »',
  profile: 'un profil',
  announcement: 'une annonce',
  match: 'un match',
};

/**
 * POST /users/{id}/report: a reason, optional details, the chat the report comes from, and
 * where the member was seen (an announcement's id when it was one).
 */
export const ZReportRequest = /* @__PURE__ */ lazySchema(() =>
  z.object({
    token: token(),
    reason: z.enum(Object.keys(REPORT_REASONS) as [TReportReason, ...TReportReason[]], {
      error: CHAT_MSG.reasonRequired,
    }),
    details: zText().trim().max(1000).optional(),
    chat_id: z.coerce.number().int().positive().optional(),
    /** The photo the report is about: its place in the profile's gallery (0: the main one). */
    photo_position: z.coerce.number().int().min(0).max(5).optional(),
    source: z.enum(REPORT_SOURCES).optional(),
    announcement_id: z.coerce.number().int().positive().optional(),
  }),
);

/** A member the caller blocked, latest block first. */
export const ZBlockedMember = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string().nullable(),
    photo: z.string().nullable(),
    blocked_at: z.string(),
  }),
);
export type TBlockedMemberItem = z.infer<typeof ZBlockedMember>;

export const ZReportReasonItem = /* @__PURE__ */ lazySchema(() =>
  z.object({ id: z.string(), label: z.string() }),
);
export type TReportReasonItem = z.infer<typeof ZReportReasonItem>;
