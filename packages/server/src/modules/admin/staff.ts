/**
 * What the console's services share: the audit log (every staff action goes through `audit` in
 * the same transaction), the rule for sanctions aimed at staff, and list pages.
 */
import { AppError } from '../../errors.js';
import type { Database } from '../../db/kysely.js';
import { insertAudit, type AuditEntry } from './audit.repository.js';

const STAFF_TARGET = "Seul un administrateur peut sanctionner un membre de l'équipe.";
const OWN_CASE =
  "Vous ne pouvez pas décider de votre propre dossier : un autre membre de l'équipe s'en charge.";
const ADMIN_TARGET = "Un modérateur ne peut pas agir sur le compte d'un administrateur.";

/**
 * The rule for every console action on a member (issue 29): staff cannot clear themselves (a
 * report about them, their scam review, their own account), and a moderator cannot act on an
 * administrator at all.
 */
export function assertCanActOn(
  actor: { id: number; role: string },
  target: { id: number; role: string },
) {
  if (actor.id === target.id) throw new AppError('forbidden', OWN_CASE, { status: 403 });
  if (target.role === 'admin' && actor.role !== 'admin')
    throw new AppError('forbidden', ADMIN_TARGET, { status: 403 });
}

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
