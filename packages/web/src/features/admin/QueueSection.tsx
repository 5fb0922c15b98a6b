/** A moderation queue: a status filter (in the address), the paginated cards, the reason dialog. */
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TAdminPage } from '../../api/useAdminLists';
import { useActionDialog, type ActionSpec } from './ActionDialog';
import { CardList, StatusSelect } from './parts';
import { useListParams } from './useListParams';

export function QueueSection<T extends { id: number }>({
  title,
  useList,
  statuses,
  initial,
  empty,
  render,
}: {
  title: string;
  /** The queue's list hook (useAdminStories, useAdminReports). */
  useList: (status: string, page: number) => UseQueryResult<TAdminPage<T>>;
  /** status code → label, in the select's order */
  statuses: Record<string, string>;
  initial: string;
  empty: string;
  render: (item: T, onAction: (spec: ActionSpec) => void) => ReactNode;
}) {
  const { values, page, set, setPage } = useListParams({ status: initial });
  const query = useList(values.status, page);
  const dialog = useActionDialog();
  return (
    <div className="adm-section">
      <h1>{title}</h1>
      <div className="adm-toolbar">
        <StatusSelect
          value={values.status}
          options={statuses}
          onChange={(status) => set({ status })}
        />
      </div>
      <CardList
        query={query}
        page={page}
        onPage={setPage}
        empty={empty}
        render={(item) => render(item, dialog.open)}
      />
      {dialog.element}
    </div>
  );
}
