/** Journal (admins): every staff action, newest first, 50 a page; nobody can edit it. */
import { Link } from '../../lib/router';
import type { TAuditEntry } from '@app/shared';
import { useAuditLog } from '../../api/useAdminLists';
import { Badge, MemberLink, Paged } from './parts';
import { formatData, formatDateTime } from './format';
import { useListParams } from './useListParams';
import { ADMIN_TEXT } from './texts';
import { AUDIT_ACTION_LABELS, labelOf, TARGET_LABELS } from './labels';

export default function AuditSection() {
  const { page, setPage } = useListParams({});
  const query = useAuditLog(page);
  return (
    <div className="adm-section">
      <h1>{ADMIN_TEXT.audit}</h1>
      <Paged query={query} page={page} onPage={setPage} empty={ADMIN_TEXT.auditEmpty}>
        {(items) => (
          <ol className="adm-audit">
            {items.map((e) => (
              <AuditRow key={e.id} entry={e} />
            ))}
          </ol>
        )}
      </Paged>
    </div>
  );
}

function Target({ entry: e }: { entry: TAuditEntry }) {
  const label = `${labelOf(TARGET_LABELS, e.target_type)}${e.target_id === null ? '' : ` #${e.target_id}`}`;
  if (e.target_id === null) return <>{label}</>;
  if (e.target_type === 'user') return <Link to={`/admin/membres/${e.target_id}`}>{label}</Link>;
  return <>{label}</>;
}

function AuditRow({ entry: e }: { entry: TAuditEntry }) {
  const data = formatData(e.data);
  return (
    <li className="adm-audit-row card">
      <div className="adm-card-head">
        <Badge tone="brand">{labelOf(AUDIT_ACTION_LABELS, e.action)}</Badge>
        <Target entry={e} />
        <span className="muted adm-push">{formatDateTime(e.created_at)}</span>
      </div>
      <p className="adm-meta">
        {ADMIN_TEXT.actor} <MemberLink id={e.actor_id} name={e.actor_name} />{' '}
        <span className="muted adm-break">{e.actor_email}</span>
      </p>
      {e.reason && (
        <p className="adm-meta">
          {ADMIN_TEXT.reason} : <q>{e.reason}</q>
        </p>
      )}
      {data && <code className="adm-data">{data}</code>}
    </li>
  );
}
