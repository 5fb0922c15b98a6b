/**
 * Staff access and the audit log. Every /api/admin route runs `requireStaff` (moderator or
 * admin) or `requireAdmin`; every staff action goes through `audit` in the same transaction.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MSG } from '@app/shared';
import type { Sql } from '../../db/db.js';
import { AppError } from '../../errors.js';
import { requireUser } from '../../auth/require-user.js';

const BAD_ID = 'Identifiant invalide';
/** The record id in an admin route's path. */
export const ZId = z.object({
  id: z.coerce
    .number({ error: BAD_ID })
    .int(BAD_ID)
    .positive(BAD_ID)
    .max(2 ** 53, BAD_ID),
});

/** A request body; a missing or non-object one is refused in French too. */
export const bodyOf = <T extends z.ZodRawShape>(shape: T) =>
  z.object(shape, { error: MSG.validation });

const BAD_PAGE = 'Page invalide';
/** The page of an admin list (1 when absent). */
export const page = z.coerce
  .number({ error: BAD_PAGE })
  .int(BAD_PAGE)
  .min(1, BAD_PAGE)
  .max(10_000, BAD_PAGE)
  .optional();

/** A list filter among fixed values (status, provider), refused in French otherwise. */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T, what: string) =>
  z.enum(values, { error: `${what} invalide` });

/** The message a warned member receives as a notification. */
export const warnMessage = z
  .string({ error: 'Le message est requis' })
  .trim()
  .min(5, 'Le message est trop court')
  .max(500, 'Le message est trop long');

/** Every staff action states why (kept in the audit log). */
export const reason = z
  .string({ error: 'La raison est requise' })
  .trim()
  .min(3, 'La raison est requise')
  .max(500, 'La raison est trop longue');

export const FORBIDDEN = 'Accès réservé à l’équipe de modération.';
export const ADMIN_ONLY = 'Action réservée aux administrateurs.';
export const STAFF_TARGET = 'Seul un administrateur peut sanctionner un membre de l’équipe.';

/**
 * The one rule for sanctions aimed at a staff account (block, unblock, photo removal, from a
 * member page or a report): only an admin may take them, so a moderator cannot lock out a
 * colleague or an admin.
 */
export function assertCanSanction(actor: { role: string }, target: { role: string }) {
  if (target.role !== 'member' && actor.role !== 'admin')
    throw new AppError('forbidden', STAFF_TARGET, { status: 403 });
}

export function staffGuards(app: FastifyInstance) {
  const requireStaff = async (req: FastifyRequest) => {
    await app.authenticate(req);
    const role = requireUser(req).role;
    if (role !== 'moderator' && role !== 'admin')
      throw new AppError('forbidden', FORBIDDEN, { status: 403 });
  };
  const requireAdmin = async (req: FastifyRequest) => {
    await app.authenticate(req);
    if (requireUser(req).role !== 'admin')
      throw new AppError('forbidden', ADMIN_ONLY, { status: 403 });
  };
  return { requireStaff, requireAdmin };
}

export interface AuditEntry {
  actorId: number;
  action: string;
  targetType: string;
  targetId: number | null;
  reason?: string | null;
  data?: Record<string, unknown>;
}

export async function audit(sql: Sql, e: AuditEntry) {
  await sql.query(
    `INSERT INTO audit_log (actor_id, action, target_type, target_id, reason, data) VALUES ($1, $2, $3, $4, $5, $6)`,
    [e.actorId, e.action, e.targetType, e.targetId, e.reason ?? null, JSON.stringify(e.data ?? {})],
  );
}

/** Page and per-page of an admin list (max 100). */
export const pageOf = (page: number | undefined, perPage = 25) => ({
  limit: perPage + 1,
  offset: (Math.max(1, page ?? 1) - 1) * perPage,
  perPage,
  page: Math.max(1, page ?? 1),
});

export function paginate<T>(rows: T[], p: { perPage: number; page: number }) {
  return {
    data: rows.slice(0, p.perPage),
    pagination: { page: p.page, per_page: p.perPage, has_more: rows.length > p.perPage },
  };
}
