/**
 * One member's announcements, newest first, hidden and deleted ones included, a page at a
 * time, each with its hide / restore / delete actions: on a report card (the reported member)
 * and on a member page.
 */
import { useState } from 'react';
import { useAdminAnnouncements } from '../../api/useAdminLists';
import type { ActionSpec } from './ActionDialog';
import { AnnouncementCard } from './AnnouncementCard';
import { CardList } from './parts';
import { ADMIN_TEXT } from './texts';

export function MemberAnnouncements({
  memberId,
  onAction,
}: {
  memberId: number;
  onAction: (spec: ActionSpec) => void;
}) {
  const [page, setPage] = useState(1);
  const query = useAdminAnnouncements({ userId: memberId, status: 'all' }, page);
  return (
    <div className="adm-member-anns">
      <CardList
        query={query}
        page={page}
        onPage={setPage}
        empty={ADMIN_TEXT.memberAnnouncementsEmpty}
        render={(a) => <AnnouncementCard ann={a} onAction={onAction} showAuthor={false} />}
      />
    </div>
  );
}
