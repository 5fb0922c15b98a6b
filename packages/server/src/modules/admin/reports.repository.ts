/** The console's reports queue on the typed query layer: the cards, one report, its decision. */
import { sql } from 'kysely';
import type { Database } from '../../db/kysely.js';

/** A page of reports in one status, newest first, with both members and the reported's counts. */
export const findReports = (db: Database, status: string, limit: number, offset: number) =>
  db
    .selectFrom('reports as r')
    .innerJoin('users as ru', 'ru.id', 'r.reported_id')
    .innerJoin('users as rp', 'rp.id', 'r.reporter_id')
    .select((eb) => [
      'r.id',
      'r.reporter_id',
      'r.reported_id',
      'r.chat_id',
      'r.reason',
      'r.details',
      sql<number>`jsonb_array_length(r.evidence)`.as('evidence_count'),
      'r.status',
      'r.created_at',
      'ru.name as reported_name',
      'ru.email as reported_email',
      'ru.photo_key as reported_photo_key',
      'ru.blocked_at as reported_blocked_at',
      'rp.name as reporter_name',
      eb
        .selectFrom('reports as e')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('e.reported_id', '=', 'r.reported_id')
        .whereRef('e.id', '<', 'r.id')
        .as('earlier_reports'),
      // The reported member's announcements not deleted yet (the card offers to review them).
      eb
        .selectFrom('announcements as a')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('a.user_id', '=', 'r.reported_id')
        .where('a.deleted_at', 'is', null)
        .as('announcements'),
    ])
    .where('r.status', '=', status)
    .orderBy('r.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();

export type ReportCardRow = Awaited<ReturnType<typeof findReports>>[number];

/** A report with the reported member's role (a sanction on staff needs an admin). */
export const findReport = (db: Database, id: number) =>
  db
    .selectFrom('reports as r')
    .innerJoin('users as u', 'u.id', 'r.reported_id')
    .select(['r.id', 'r.reported_id', 'u.role as reported_role', 'r.status'])
    .where('r.id', '=', id)
    .executeTakeFirst();

export async function setReportStatus(db: Database, id: number, status: 'dismissed' | 'reviewed') {
  await db.updateTable('reports').set({ status }).where('id', '=', id).execute();
}

/** The messages kept with one report (read one report at a time, each reading audited). */
export const findReportEvidence = (db: Database, id: number) =>
  db
    .selectFrom('reports')
    .select(['id', 'status', 'evidence'])
    .where('id', '=', id)
    .executeTakeFirst();
