/**
 * What the console's services share: the audit log (every staff action goes through `audit` in
 * the same transaction), the rule for sanctions aimed at staff, and list pages.
 */
import { AppError } from '../../errors.js';
import type { Database } from '../../db/kysely.js';
import { insertAudit, type AuditEntry } from './audit.repository.js';

const STAFF_TARGET = "Seul un administrateur peut sanctionner un membre de l'équipe.";

/**
 * The one rule for sanctions aimed at a staff account (block, unblock, photo removal, from a
 * member page or a report): only an admin may take them, so a moderator cannot lock out a
 * colleague or an admin.
 */
export function assertCanSanction(actor: { role: string }, target: { role: string }) {
  if (target.role !== 'member' && actor.role !== 'admin')
    throw new AppError('forbidden', STAFF_TARGET, { status: 403 });
}

/** One staff action in the audit log; pass the action's transaction. */
export async function audit(db: Database, e: AuditEntry) {
  await insertAudit(db, e);
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

/** A timestamp as the console reads it (ISO). */
export const iso = (d: Date | string) => new Date(d).toISOString();
export const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));

/** A LIKE pattern matching `q` anywhere, its wildcards escaped. */
export const likeOf = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
