/**
 * The moderation console's shapes (issue 10, /api/admin/*) as the server sends them: the
 * dashboard (30-day series, revenue per provider, queue counts) and the audit log's entries.
 */
import { z } from 'zod';
import { MSG } from './messages.js';
import { zText } from './text.js';

// Built inside calls marked pure: the console imports only the types below, so the bundler
// drops these calls and zod stays out of the browser.
const lazySchema = <T>(build: () => T): T => build();

/** One day of a series ('YYYY-MM-DD') and its count (or FCFA). */
export const ZDayCount = /* @__PURE__ */ lazySchema(() =>
  z.object({ day: z.string(), n: z.number() }),
);
export type TDayCount = z.infer<typeof ZDayCount>;

/** One provider's paid orders over the 30 days (FCFA, dated by completion), largest first. */
export const ZProviderRevenue = /* @__PURE__ */ lazySchema(() =>
  z.object({
    provider: z.string(),
    amount: z.number(),
    orders: z.number(),
    series: z.array(ZDayCount),
  }),
);
export type TProviderRevenue = z.infer<typeof ZProviderRevenue>;

/** GET /api/admin/dashboard's data. */
export const ZAdminDashboard = /* @__PURE__ */ lazySchema(() =>
  z.object({
    series: z.object({
      new_members: z.array(ZDayCount),
      active_members: z.array(ZDayCount),
      messages: z.array(ZDayCount),
      matches: z.array(ZDayCount),
      /** Each day the sum of the providers' days. */
      revenue_fcfa: z.array(ZDayCount),
    }),
    revenue_by_provider: z.array(ZProviderRevenue),
    pending: z.object({
      stories: z.number(),
      reports: z.number(),
      tickets: z.number(),
      payments: z.number(),
      /** Members held by the scam shield, waiting for a review. */
      scams: z.number(),
    }),
  }),
);
export type TAdminDashboard = z.infer<typeof ZAdminDashboard>;

/** One staff action of the audit log (GET /api/admin/audit, admins). */
export const ZAuditEntry = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.number(),
    actor_id: z.number(),
    actor_name: z.string().nullable(),
    actor_email: z.string(),
    action: z.string(),
    target_type: z.string(),
    target_id: z.number().nullable(),
    reason: z.string().nullable(),
    data: z.record(z.string(), z.unknown()).nullable(),
    created_at: z.string(),
  }),
);
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

const BAD_PAGE = 'Page invalide';
/** The page of an admin list (1 when absent). */
export const ZAdminPage = /* @__PURE__ */ lazySchema(() =>
  z.coerce
    .number({ error: BAD_PAGE })
    .int(BAD_PAGE)
    .min(1, BAD_PAGE)
    .max(10_000, BAD_PAGE)
    .optional(),
);

/** GET /api/admin/audit's query. */
export const ZAuditRequest = /* @__PURE__ */ lazySchema(() => z.object({ page: ZAdminPage }));

const BAD_ID = 'Identifiant invalide';
/** The record id in an admin route's path. */
export const ZAdminId = /* @__PURE__ */ lazySchema(() =>
  z.coerce
    .number({ error: BAD_ID })
    .int(BAD_ID)
    .positive(BAD_ID)
    .max(2 ** 53, BAD_ID),
);

/** The path parameters of an action on one record (`/admin/…/:id/…`). */
export const ZAdminIdParams = /* @__PURE__ */ lazySchema(() => z.object({ id: ZAdminId }));

/** A staff action's body; a missing or non-object one is refused in French too. */
export const adminBodyOf = <T extends z.ZodRawShape>(shape: T) =>
  z.object(shape, { error: MSG.validation });

/** A list filter among fixed values (status, provider), refused in French otherwise. */
export const adminOneOf = <const T extends readonly [string, ...string[]]>(
  values: T,
  what: string,
) => z.enum(values, { error: `${what} invalide` });

/** Every staff action states why (kept in the audit log). */
export const ZAdminReason = /* @__PURE__ */ lazySchema(() =>
  zText({ error: 'La raison est requise' })
    .trim()
    .min(3, 'La raison est requise')
    .max(500, 'La raison est trop longue'),
);

/** The message a warned member receives as a notification. */
export const ZWarnMessage = /* @__PURE__ */ lazySchema(() =>
  zText({ error: 'Le message est requis' })
    .trim()
    .min(5, 'Le message est trop court')
    .max(500, 'Le message est trop long'),
);

/** The body of a staff action that only states why. */
export const ZAdminReasonRequest = /* @__PURE__ */ lazySchema(() =>
  adminBodyOf({ reason: ZAdminReason }),
);

/** The body of a warning: the member's message and the why kept in the log. */
export const ZAdminWarnRequest = /* @__PURE__ */ lazySchema(() =>
  adminBodyOf({ message: ZWarnMessage, reason: ZAdminReason }),
);

/** A search box of the console (members, announcements). */
export const ZAdminSearch = /* @__PURE__ */ lazySchema(() => zText().trim().max(100).optional());
