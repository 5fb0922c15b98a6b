/**
 * Staff access and the audit log. Every /api/admin route runs `requireStaff` (moderator or
 * admin) or `requireAdmin`; every staff action goes through `audit` in the same transaction.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Sql } from '../../db/db.js';
import { AppError } from '../../errors.js';
import { requireUser } from '../../auth/require-user.js';

/** The record id in an admin route's path. */
export const ZId = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53),
});
/** Every staff action states why (kept in the audit log). */
export const reason = z
  .string({ error: 'La raison est requise' })
  .trim()
  .min(3, 'La raison est requise')
  .max(500);

export const FORBIDDEN = 'Accès réservé à l’équipe de modération.';
export const ADMIN_ONLY = 'Action réservée aux administrateurs.';

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
