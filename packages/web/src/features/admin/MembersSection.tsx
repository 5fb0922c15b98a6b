/** Membres: search by name, e-mail or id (newest first), each row opening the member's page. */
import { Link } from '../../lib/router';
import { useAdminMembers } from '../../api/useAdminLists';
import { Badge, Paged } from './parts';
import { SearchForm } from './SearchForm';
import { formatDateTime, formatNumber } from './format';
import { useListParams } from './useListParams';
import { ADMIN_TEXT } from './texts';
import { labelOf, ROLE_LABELS } from './labels';

export default function MembersSection() {
  const { values, page, set, setPage } = useListParams({ q: '' });
  const query = useAdminMembers(values.q, page);

  return (
    <div className="adm-section">
      <h1>{ADMIN_TEXT.members}</h1>
      <SearchForm
        id="adm-member-q"
        value={values.q}
        placeholder={ADMIN_TEXT.membersSearch}
        onSearch={(q) => set({ q })}
      />
      <Paged query={query} page={page} onPage={setPage} empty={ADMIN_TEXT.membersEmpty}>
        {(items) => (
          <ul className="adm-rows">
            {items.map((m) => (
              <li key={m.id}>
                <Link to={`/admin/membres/${m.id}`} className="adm-row">
                  {m.photo ? (
                    <img src={m.photo} alt="" className="adm-avatar" loading="lazy" />
                  ) : (
                    <span className="adm-avatar adm-no-photo" aria-hidden>
                      ?
                    </span>
                  )}
                  <span className="adm-row-main">
                    <strong>
                      {m.name || ADMIN_TEXT.noName} <span className="muted">#{m.id}</span>
                    </strong>
                    <span className="muted adm-break">{m.email}</span>
                  </span>
                  <span className="adm-row-side">
                    {m.role !== 'member' && (
                      <Badge tone="brand">{labelOf(ROLE_LABELS, m.role)}</Badge>
                    )}
                    {m.blocked && <Badge tone="err">{ADMIN_TEXT.blockedBadge}</Badge>}
                    <span className="muted">
                      {ADMIN_TEXT.coinsN(formatNumber(m.coins))} · {formatDateTime(m.created_at)}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Paged>
    </div>
  );
}
