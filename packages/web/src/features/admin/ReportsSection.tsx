/**
 * Signalements: the queue newest first with the reported member (photo, name, e-mail, earlier
 * reports), the reason, details and attached messages (read on demand: each reading is in the
 * audit log); decisions: dismiss, warn (a message the member receives as a notification), block
 * the account, delete the profile photo, and delete (or hide) one of the member's announcements,
 * listed on demand.
 */
import { useAdminReports, type TAdminReport } from '../../api/useAdminLists';
import { ActionButtons } from './ActionButtons';
import type { ActionSpec } from './ActionDialog';
import { adminActions } from '../../api/adminActions';
import {
  action,
  blockAction,
  deletePhotoAction,
  warnAction,
  warnInput,
  type ActionButton,
} from './specs';
import { Evidence } from './Evidence';
import { MemberAnnouncements } from './MemberAnnouncements';
import { Badge, LazyDetails, MemberLink, MemberPhoto } from './parts';
import { QueueSection } from './QueueSection';
import { formatDateTime } from './format';
import { ADMIN_TEXT } from './texts';
import { REPORT_STATUS_LABELS } from './labels';

export default function ReportsSection() {
  return (
    <QueueSection
      title={ADMIN_TEXT.reports}
      useList={useAdminReports}
      statuses={REPORT_STATUS_LABELS}
      initial="open"
      empty={ADMIN_TEXT.reportsEmpty}
      render={(r, onAction) => <ReportCard report={r} onAction={onAction} />}
    />
  );
}

function actionsFor(r: TAdminReport): ActionButton[] {
  const list: ActionButton[] = [];
  if (r.status === 'open') {
    list.push(
      action(
        ADMIN_TEXT.dismiss,
        (v) => adminActions.reports.dismiss({ id: r.id, reason: v.reason ?? '' }),
        {
          title: ADMIN_TEXT.dismissTitle,
          text: ADMIN_TEXT.dismissText,
        },
      ),
      warnAction((v) => adminActions.reports.warn({ id: r.id, ...warnInput(v) })),
    );
    if (!r.reported.blocked)
      list.push(
        blockAction((v) => adminActions.reports.block({ id: r.id, reason: v.reason ?? '' })),
      );
  }
  if (r.reported.photo) list.push(deletePhotoAction(r.reported.id));
  return list;
}

function ReportCard({
  report: r,
  onAction,
}: {
  report: TAdminReport;
  onAction: (spec: ActionSpec) => void;
}) {
  return (
    <li className="adm-card card" data-testid="admin-report">
      <div className="adm-card-head">
        <span className="muted">#{r.id}</span>
        <Badge tone="err">{r.reason_label}</Badge>
        <Badge tone={r.earlier_reports > 0 ? 'warn' : 'neutral'}>
          {ADMIN_TEXT.earlierReports(r.earlier_reports)}
        </Badge>
        {r.status !== 'open' && <Badge>{REPORT_STATUS_LABELS[r.status] ?? r.status}</Badge>}
        <span className="muted adm-push">{formatDateTime(r.created_at)}</span>
      </div>
      <div className="adm-person">
        <MemberPhoto photo={r.reported.photo} />
        <div>
          <p className="adm-label">{ADMIN_TEXT.reportedMember}</p>
          <p>
            <MemberLink id={r.reported.id} name={r.reported.name} />{' '}
            {r.reported.blocked && <Badge tone="err">{ADMIN_TEXT.blockedBadge}</Badge>}
          </p>
          <p className="muted adm-break">{r.reported.email}</p>
          <p className="muted">
            {ADMIN_TEXT.reportedBy} <MemberLink id={r.reporter.id} name={r.reporter.name} />
          </p>
        </div>
      </div>
      {r.details && (
        <>
          <p className="adm-label">{ADMIN_TEXT.details}</p>
          <p className="adm-quote">{r.details}</p>
        </>
      )}
      <Evidence report={r} />
      <ReportedAnnouncements report={r} onAction={onAction} />
      <ActionButtons actions={actionsFor(r)} onAction={onAction} />
    </li>
  );
}

/** The reported member's announcements, fetched when the staff member opens the list. */
function ReportedAnnouncements({
  report: r,
  onAction,
}: {
  report: TAdminReport;
  onAction: (spec: ActionSpec) => void;
}) {
  if (r.reported.announcements === 0) return null;
  return (
    <LazyDetails summary={ADMIN_TEXT.memberAnnouncements(r.reported.announcements)}>
      <MemberAnnouncements memberId={r.reported.id} onAction={onAction} />
    </LazyDetails>
  );
}
