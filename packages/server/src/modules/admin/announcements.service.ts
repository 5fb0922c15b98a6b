/**
 * The console's announcements: search (text, author, one member's), and hide (out of the feed,
 * kept), restore or delete, each with its audit row; the author is told of a removal.
 */
import type { TAdminAnnouncement } from '@app/shared';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import type { Actor } from './sanctions.js';
import * as repo from './moderation.repository.js';
import { audit, iso, isoOrNull, pageOf, paginate } from './staff.js';

export async function listAnnouncements(
  deps: Pick<Deps, 'db'>,
  input: {
    q?: string;
    status: repo.AnnouncementFilter;
    user_id?: number;
    page?: number;
  },
) {
  const p = pageOf(input.page);
  const rows = await repo.findAnnouncements(
    deps.db,
    { q: input.q ?? '', status: input.status, userId: input.user_id },
    p.limit,
    p.offset,
  );
  const { data, pagination } = paginate(rows, p);
  const items: TAdminAnnouncement[] = data.map((a) => ({
    ...a,
    deleted_at: isoOrNull(a.deleted_at),
    created_at: iso(a.created_at),
  }));
  return { data: items, pagination };
}

export async function moderateAnnouncement(
  deps: Pick<Deps, 'db' | 'notify'>,
  me: Actor,
  id: number,
  action: repo.AnnouncementAction,
  reason: string,
) {
  const row = await repo.findLiveAnnouncement(deps.db, id);
  if (!row) throw new AppError('not_found', 'Annonce introuvable', { status: 404 });
  await deps.db.transaction().execute(async (trx) => {
    await repo.moderateAnnouncement(trx, row.id, action);
    await audit(trx, {
      actorId: me.id,
      action: `announcement.${action}`,
      targetType: 'announcement',
      targetId: row.id,
      reason,
    });
  });
  if (action !== 'restore') {
    await deps.notify(row.user_id, 'moderation_warning', {
      message: `Votre annonce a été retirée par la modération : ${reason}`,
    });
  }
}
