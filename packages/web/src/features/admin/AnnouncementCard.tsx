/**
 * One announcement in the console: state, category, views, text, author; hide or restore, and
 * delete, each with a reason. Used by the Annonces section and a member's announcements (on a
 * report card and a member page).
 */
import type { TAdminAnnouncement } from '../../api/useAdminLists';
import { ActionButtons } from './ActionButtons';
import type { ActionSpec } from './ActionDialog';
import { adminActions } from '../../api/adminActions';
import { action } from './specs';
import { Badge, MemberLink } from './parts';
import { formatDateTime } from './format';
import { ADMIN_TEXT } from './texts';
import { ANN_STATUS_LABELS, CATEGORY_LABELS, labelOf } from './labels';

function stateOf(a: TAdminAnnouncement): 'active' | 'hidden' | 'deleted' {
  if (a.deleted_at) return 'deleted';
  return a.is_active ? 'active' : 'hidden';
}

function announcementActions(a: TAdminAnnouncement) {
  const state = stateOf(a);
  if (state === 'deleted') return [];
  return [
    state === 'active'
      ? action(
          ADMIN_TEXT.hide,
          (v) => adminActions.announcements.hide({ id: a.id, reason: v.reason ?? '' }),
          {
            title: ADMIN_TEXT.hideTitle,
            text: ADMIN_TEXT.hideText,
            danger: true,
          },
        )
      : action(
          ADMIN_TEXT.restore,
          (v) => adminActions.announcements.restore({ id: a.id, reason: v.reason ?? '' }),
          {
            title: ADMIN_TEXT.restoreTitle,
            text: ADMIN_TEXT.restoreText,
          },
        ),
    action(
      ADMIN_TEXT.delete,
      (v) => adminActions.announcements.delete({ id: a.id, reason: v.reason ?? '' }),
      {
        tone: 'adm-btn-danger-ghost',
        title: ADMIN_TEXT.deleteTitle,
        text: ADMIN_TEXT.deleteText,
        danger: true,
        irreversible: true,
      },
    ),
  ];
}

export function AnnouncementCard({
  ann: a,
  onAction,
  showAuthor = true,
}: {
  ann: TAdminAnnouncement;
  onAction: (spec: ActionSpec) => void;
  /** Off where the author is the page's member already. */
  showAuthor?: boolean;
}) {
  const state = stateOf(a);
  return (
    <li className="adm-card card" data-testid="admin-announcement">
      <div className="adm-card-head">
        <span className="muted">#{a.id}</span>
        <Badge tone={state === 'active' ? 'ok' : state === 'hidden' ? 'warn' : 'err'}>
          {ANN_STATUS_LABELS[state]}
        </Badge>
        {a.category && <Badge>{labelOf(CATEGORY_LABELS, a.category)}</Badge>}
        <span className="muted adm-push">{ADMIN_TEXT.views(a.views)}</span>
      </div>
      <p className="adm-quote">{a.description}</p>
      <p className="muted adm-meta">
        {showAuthor && (
          <>
            <MemberLink id={a.user_id} name={a.user_name} /> ·{' '}
            <span className="adm-break">{a.user_email}</span> ·{' '}
          </>
        )}
        {formatDateTime(a.created_at)}
      </p>
      <ActionButtons actions={announcementActions(a)} onAction={onAction} />
    </li>
  );
}
