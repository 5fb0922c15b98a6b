/** Annonces: search (text, author, e-mail or id) by status; hide, restore or delete with a reason. */
import { useAdminAnnouncements } from '../../api/useAdminLists';
import { useActionDialog } from './ActionDialog';
import { AnnouncementCard } from './AnnouncementCard';
import { CardList, StatusSelect } from './parts';
import { SearchForm } from './SearchForm';
import { useListParams } from './useListParams';
import { ADMIN_TEXT } from './texts';
import { ANN_STATUS_LABELS } from './labels';

export default function AnnouncementsSection() {
  const { values, page, set, setPage } = useListParams({ q: '', status: 'all' });
  const query = useAdminAnnouncements(values, page);
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
