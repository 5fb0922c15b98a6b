/** The audit log's SQL: one staff action written (inside the action's transaction), and the log read page by page. */
import type { Database } from '../../db/kysely.js';

/** One staff action as the log keeps it. */
export interface AuditEntry {
  actorId: number;
  action: string;
  targetType: string;
  targetId: number | null;
  reason?: string | null;
  data?: Record<string, unknown>;
}

export async function insertAudit(db: Database, e: AuditEntry) {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: e.actorId,
      action: e.action,
      target_type: e.targetType,
      target_id: e.targetId,
      reason: e.reason ?? null,
      data: JSON.stringify(e.data ?? {}),
    })
    .execute();
}

/** The log, newest first, with each actor's name and e-mail. */
export function findAuditEntries(db: Database, limit: number, offset: number) {
  return db
    .selectFrom('audit_log as a')
    .innerJoin('users as u', 'u.id', 'a.actor_id')
    .select([
      'a.id',
      'a.actor_id',
      'u.name as actor_name',
      'u.email as actor_email',
      'a.action',
      'a.target_type',
      'a.target_id',
      'a.reason',
      'a.data',
      'a.created_at',
    ])
    .orderBy('a.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}
