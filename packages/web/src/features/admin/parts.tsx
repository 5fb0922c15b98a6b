/**
 * Small pieces every console section uses: pager, list states, badges, member links, details
 * fetched on demand.
 */
import { Fragment, useState, type ReactNode } from 'react';
import { Link } from '../../lib/router';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TAdminPage } from '../../api/useAdminLists';
import { ADMIN_TEXT } from './texts';

function Pager({
  page,
  hasMore,
  busy,
  onPage,
}: {
  page: number;
  hasMore: boolean;
  busy?: boolean;
  onPage: (page: number) => void;
}) {
  if (page <= 1 && !hasMore) return null;
  return (
    <nav className="adm-pager" aria-label={ADMIN_TEXT.pageN(page)}>
      <button
        type="button"
        className="btn btn-ghost"
        disabled={page <= 1 || busy}
        onClick={() => onPage(page - 1)}
      >
        {ADMIN_TEXT.prev}
      </button>
      <span className="muted">{ADMIN_TEXT.pageN(page)}</span>
      <button
        type="button"
        className="btn btn-ghost"
        disabled={!hasMore || busy}
        onClick={() => onPage(page + 1)}
      >
        {ADMIN_TEXT.next}
      </button>
    </nav>
  );
}

export function ErrorBox({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="adm-error" role="alert">
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="btn btn-ghost" onClick={onRetry}>
          {ADMIN_TEXT.retry}
        </button>
      )}
    </div>
  );
}

export function Loading() {
  return (
    <div className="adm-loading" role="status">
      <div className="spinner" aria-hidden />
      <span className="visually-hidden">{ADMIN_TEXT.loading}</span>
    </div>
  );
}

/** A paginated list's states (loading, error with the server's message, empty) and its pager. */
export function Paged<T>({
  query,
  page,
  onPage,
  empty,
  children,
}: {
  query: UseQueryResult<TAdminPage<T>>;
  page: number;
  onPage: (page: number) => void;
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  if (query.isPending) return <Loading />;
  if (query.isError && !query.data)
    return <ErrorBox message={query.error.message} onRetry={() => void query.refetch()} />;
  const items = query.data?.items ?? [];
  return (
    <>
      {query.isError && <ErrorBox message={query.error.message} />}
      <div
        className={query.isPlaceholderData ? 'adm-stale' : undefined}
        aria-busy={query.isFetching}
      >
        {items.length === 0 ? <p className="adm-empty">{empty}</p> : children(items)}
      </div>
      <Pager
        page={page}
        hasMore={query.data?.hasMore ?? false}
        busy={query.isPlaceholderData}
        onPage={onPage}
      />
    </>
  );
}

/** A paginated list of cards (one `render` per row, keyed by id). */
export function CardList<T extends { id: number }>({
  render,
  ...paged
}: Omit<Parameters<typeof Paged<T>>[0], 'children'> & { render: (item: T) => ReactNode }) {
  return (
    <Paged {...paged}>
      {(items) => (
        <ul className="adm-cards">
          {items.map((item) => (
            <Fragment key={item.id}>{render(item)}</Fragment>
          ))}
        </ul>
      )}
    </Paged>
  );
}

export function Badge({
  tone = 'neutral',
  children,
}: {
  tone?: 'neutral' | 'ok' | 'warn' | 'err' | 'brand';
  children: ReactNode;
}) {
  return <span className={`adm-badge adm-badge-${tone}`}>{children}</span>;
}

/** A member's profile photo on a queue card, or a grey square with '?' without one. */
export function MemberPhoto({ photo }: { photo: string | null }) {
  if (!photo)
    return (
      <span className="adm-person-photo adm-no-photo" aria-hidden>
        ?
      </span>
    );
  return <img src={photo} alt="" className="adm-person-photo" loading="lazy" />;
}

/** A link to the member's console page; without a name (undefined) it reads 'Membre n°12'. */
export function MemberLink({ id, name }: { id: number; name?: string | null }) {
  if (name === undefined) return <Link to={`/admin/membres/${id}`}>{ADMIN_TEXT.memberN(id)}</Link>;
  return (
    <Link to={`/admin/membres/${id}`}>
      {name || ADMIN_TEXT.noName} <span className="muted">#{id}</span>
    </Link>
  );
}

/** A status filter as a select (statuses: code → label). */
export function StatusSelect({
  value,
  options,
  onChange,
  label = ADMIN_TEXT.filterStatus,
}: {
  value: string;
  options: Record<string, string>;
  onChange: (value: string) => void;
  label?: string;
}) {
  return (
    <label className="adm-filter">
      <span>{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {Object.entries(options).map(([code, text]) => (
          <option key={code} value={code}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Label / value pairs. */
export function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="adm-facts">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A <details> whose content is rendered, and so fetched, only once it has been opened; it then
 * stays (closing hides it without fetching again when it is opened anew).
 */
export function LazyDetails({ summary, children }: { summary: string; children: ReactNode }) {
  const [opened, setOpened] = useState(false);
  return (
    <details
      className="adm-evidence"
      onToggle={(e) => {
        if (e.currentTarget.open) setOpened(true);
      }}
    >
      <summary>{summary}</summary>
      {opened && children}
    </details>
  );
}
