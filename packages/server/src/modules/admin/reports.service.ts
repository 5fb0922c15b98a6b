/**
 * The console's reports queue (from chat) and its decisions: dismiss, warn, block, each through
 * the sanction pipeline (sanctions.ts): the report closed (its kept originals forgotten) and its
 * audit row in one transaction; the member told (or signed out) once it commits.
 */
import {
  REPORT_REASONS,
  ZEvidenceMessage,
  type TAdminReport,
  type TEvidenceMessage,
} from '@app/shared';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { photoOf } from '../chats/index.js';
import { applySanction, type Actor, type Measure } from './sanctions.js';
import * as repo from './reports.repository.js';
import { findEvidenceMessages, forgetReportOriginals } from './evidence.repository.js';
import { evidenceText } from './evidence.presenter.js';
import { audit, iso, pageOf, paginate } from './staff.js';

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
  const kept = evidence.success ? evidence.data : [];
  const live = new Map(
    (
      await findEvidenceMessages(
        deps.db,
        kept.flatMap((e) => (e.id === undefined ? [] : [e.id])),
      )
    ).map((m) => [m.id, m]),
  );
  const data = kept.map((e): TEvidenceMessage => {
    const m = e.id === undefined ? undefined : live.get(e.id);
    return m ? { ...e, ...evidenceText(m, e.content, r.status === 'open') } : e;
  });
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

/**
 * Closes a report in the decision's transaction: its status, and the originals of its messages
 * forgotten (evidence.repository.ts).
 */
const closing = (id: number, status: 'dismissed' | 'reviewed') => async (trx: Deps['db']) => {
  await repo.setReportStatus(trx, id, status);
  return forgetReportOriginals(trx, id);
};

async function openReport(deps: Pick<Deps, 'db'>, id: number) {
  const r = await repo.findReport(deps.db, id);
  if (!r) throw new AppError('not_found', 'Signalement introuvable', { status: 404 });
  if (r.status !== 'open')
    throw new AppError('conflict', 'Ce signalement a déjà été traité.', { status: 409 });
  return r;
}

type DecisionDeps = Pick<Deps, 'db' | 'notify' | 'realtime' | 'storage'>;

/** A decision on an open report through the sanction pipeline; the audit row is the report's. */
async function decide(
  deps: DecisionDeps,
  me: Actor,
  id: number,
  d: { measure: Measure; action: string; reason: string; data?: Record<string, unknown> },
) {
  const r = await openReport(deps, id);
  await applySanction(deps, {
    actor: me,
    target: { id: r.reported_id, role: r.reported_role },
    about: { type: 'report', id: r.id },
    close: closing(r.id, d.measure.kind === 'none' ? 'dismissed' : 'reviewed'),
    measure: d.measure,
    action: d.action,
    reason: d.reason,
    data: d.measure.kind === 'none' ? d.data : { member_id: r.reported_id, ...d.data },
  });
}

export const dismissReport = (deps: DecisionDeps, me: Actor, id: number, reason: string) =>
  decide(deps, me, id, { measure: { kind: 'none' }, action: 'report.dismiss', reason });

export const warnReported = (
  deps: DecisionDeps,
  me: Actor,
  id: number,
  input: { message: string; reason: string },
) =>
  decide(deps, me, id, {
    measure: { kind: 'warn', message: input.message },
    action: 'report.warn',
    reason: input.reason,
    data: { message: input.message },
  });

export const blockReported = (deps: DecisionDeps, me: Actor, id: number, reason: string) =>
  decide(deps, me, id, { measure: { kind: 'block' }, action: 'report.block', reason });
