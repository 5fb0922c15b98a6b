/**
 * The console's reports queue (from chat) and its decisions: dismiss, warn, block. Each decision
 * closes the report and writes its audit row in one transaction; the member is told (or signed
 * out) once it commits.
 */
import { REPORT_REASONS, ZEvidenceMessage, type TAdminReport } from '@app/shared';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { photoOf } from '../chats/index.js';
import { setBlocked } from './members.repository.js';
import type { Actor } from './members.service.js';
import * as repo from './reports.repository.js';
import { assertCanSanction, audit, iso, pageOf, paginate } from './staff.js';

const labels: Record<string, string> = REPORT_REASONS;

function presentReport(deps: Pick<Deps, 'storage'>, r: repo.ReportCardRow): TAdminReport {
  return {
    id: r.id,
    reason: r.reason,
    reason_label: labels[r.reason] ?? r.reason,
    details: r.details,
    evidence_count: Number(r.evidence_count ?? 0),
    status: r.status,
    created_at: iso(r.created_at),
    chat_id: r.chat_id,
    earlier_reports: r.earlier_reports ?? 0,
    reporter: { id: r.reporter_id, name: r.reporter_name },
    reported: {
      id: r.reported_id,
      name: r.reported_name,
      email: r.reported_email,
      photo: photoOf(deps, r.reported_photo_key, 'card'),
      blocked: !!r.reported_blocked_at,
      announcements: r.announcements ?? 0,
    },
  };
}

export async function listReports(
  deps: Pick<Deps, 'db' | 'storage'>,
  status: string,
  page: number | undefined,
) {
  const p = pageOf(page);
  const rows = await repo.findReports(deps.db, status, p.limit, p.offset);
  const { data, pagination } = paginate(rows, p);
  return { data: data.map((r) => presentReport(deps, r)), pagination };
}

/**
 * The messages kept with one report, for the staff member who opens them: the reading is
 * written to the audit log (staff never browse chats; they read what a report shared, and
 * each reading leaves a trace).
 */
export async function readEvidence(deps: Pick<Deps, 'db'>, me: Actor, id: number) {
  const r = await repo.findReportEvidence(deps.db, id);
  if (!r) throw new AppError('not_found', 'Signalement introuvable', { status: 404 });
  const evidence = ZEvidenceMessage.array().safeParse(r.evidence);
  const data = evidence.success ? evidence.data : [];
  await audit(deps.db, {
    actorId: me.id,
    action: 'report.evidence_view',
    targetType: 'report',
    targetId: r.id,
    reason: 'Lecture des messages joints au signalement',
    data: { messages: data.length },
  });
  return data;
}

async function openReport(deps: Pick<Deps, 'db'>, id: number) {
  const r = await repo.findReport(deps.db, id);
  if (!r) throw new AppError('not_found', 'Signalement introuvable', { status: 404 });
  if (r.status !== 'open')
    throw new AppError('conflict', 'Ce signalement a déjà été traité.', { status: 409 });
  return r;
}

export async function dismissReport(deps: Pick<Deps, 'db'>, me: Actor, id: number, reason: string) {
  const r = await openReport(deps, id);
  await deps.db.transaction().execute(async (trx) => {
    await repo.setReportStatus(trx, r.id, 'dismissed');
    await audit(trx, {
      actorId: me.id,
      action: 'report.dismiss',
      targetType: 'report',
      targetId: r.id,
      reason,
    });
  });
}

export async function warnReported(
  deps: Pick<Deps, 'db' | 'notify'>,
  me: Actor,
  id: number,
  input: { message: string; reason: string },
) {
  const r = await openReport(deps, id);
  await deps.db.transaction().execute(async (trx) => {
    await repo.setReportStatus(trx, r.id, 'reviewed');
    await audit(trx, {
      actorId: me.id,
      action: 'report.warn',
      targetType: 'report',
      targetId: r.id,
      reason: input.reason,
      data: { member_id: r.reported_id, message: input.message },
    });
  });
  await deps.notify(r.reported_id, 'moderation_warning', { message: input.message });
}

export async function blockReported(
  deps: Pick<Deps, 'db' | 'realtime'>,
  me: Actor,
  id: number,
  reason: string,
) {
  const r = await openReport(deps, id);
  assertCanSanction(me, { role: r.reported_role });
  await deps.db.transaction().execute(async (trx) => {
    await repo.setReportStatus(trx, r.id, 'reviewed');
    await setBlocked(trx, r.reported_id, reason);
    await audit(trx, {
      actorId: me.id,
      action: 'report.block',
      targetType: 'report',
      targetId: r.id,
      reason,
      data: { member_id: r.reported_id },
    });
  });
}
