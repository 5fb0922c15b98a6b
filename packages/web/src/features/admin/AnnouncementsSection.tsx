/** Annonces: search (text, author, e-mail or id) by status; hide, restore or delete with a reason. */
import { useAdminList, type TAdminAnnouncement } from '../../api/useAdmin';
import { ActionButtons } from './ActionButtons';
import { useActionDialog, type ActionSpec } from './ActionDialog';
import { action } from './specs';
import { Badge, CardList, MemberLink, StatusSelect } from './parts';
import { SearchForm } from './SearchForm';
import { formatDateTime } from './format';
import { useListParams } from './useListParams';
import { ADMIN_TEXT, ANN_STATUS_LABELS, CATEGORY_LABELS, labelOf } from './texts';

export default function AnnouncementsSection() {
  const { values, page, set, setPage } = useListParams({ q: '', status: 'all' });
  const query = useAdminList('/admin/announcements', { ...values, page });
  const dialog = useActionDialog();

  return (
    <div className="adm-section">
      <h1>{ADMIN_TEXT.announcements}</h1>
      <SearchForm
        id="adm-ann-q"
        value={values.q}
        placeholder={ADMIN_TEXT.annSearch}
        onSearch={(q) => set({ q })}
      >
        <StatusSelect
          value={values.status}
          options={ANN_STATUS_LABELS}
          onChange={(status) => set({ status })}
        />
      </SearchForm>
      <CardList
        query={query}
        page={page}
        onPage={setPage}
        empty={ADMIN_TEXT.annEmpty}
        render={(a) => <AnnouncementCard ann={a} onAction={dialog.open} />}
      />
      {dialog.element}
    </div>
  );
}

function stateOf(a: TAdminAnnouncement): 'active' | 'hidden' | 'deleted' {
  if (a.deleted_at) return 'deleted';
  return a.is_active ? 'active' : 'hidden';
}

function announcementActions(a: TAdminAnnouncement) {
  const state = stateOf(a);
  const base = `/admin/announcements/${a.id}`;
  if (state === 'deleted') return [];
  return [
    state === 'active'
      ? action(ADMIN_TEXT.hide, `${base}/hide`, {
          title: ADMIN_TEXT.hideTitle,
          text: ADMIN_TEXT.hideText,
          danger: true,
        })
      : action(ADMIN_TEXT.restore, `${base}/restore`, {
          title: ADMIN_TEXT.restoreTitle,
          text: ADMIN_TEXT.restoreText,
        }),
    action(ADMIN_TEXT.delete, `${base}/delete`, {
      tone: 'adm-btn-danger-ghost',
      title: ADMIN_TEXT.deleteTitle,
      text: ADMIN_TEXT.deleteText,
      danger: true,
      irreversible: true,
    }),
  ];
}

function AnnouncementCard({
  ann: a,
  onAction,
}: {
  ann: TAdminAnnouncement;
  onAction: (spec: ActionSpec) => void;
}) {
  const state = stateOf(a);
  return (
    <li className="adm-card card">
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
        <MemberLink id={a.user_id} name={a.user_name} /> ·{' '}
        <span className="adm-break">{a.user_email}</span> · {formatDateTime(a.created_at)}
      </p>
      <ActionButtons actions={announcementActions(a)} onAction={onAction} />
    </li>
  );
}
