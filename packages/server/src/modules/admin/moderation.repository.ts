/**
 * The console's moderation queues on the typed query layer: held stories, support tickets and
 * announcements — each page of a list, the one record an action reads, and the action itself.
 */
import { sql } from 'kysely';
import type { TSupportStatus } from '@app/shared';
import type { Database } from '../../db/kysely.js';
import { likeOf } from './staff.js';

/** A page of stories in one status: pending ones oldest first, the others newest first. */
export const findStories = (db: Database, status: string, limit: number, offset: number) =>
  db
    .selectFrom('stories as s')
    .innerJoin('users as u', 'u.id', 's.author_id')
    .select([
      's.id',
      's.content',
      's.status',
      's.held_reason',
      's.created_at',
      's.author_id',
      'u.name as author_name',
    ])
    .where('s.status', '=', status)
    .orderBy('s.created_at', status === 'pending' ? 'asc' : 'desc')
    .orderBy('s.id')
    .limit(limit)
    .offset(offset)
    .execute();

export const findStory = (db: Database, id: number) =>
  db.selectFrom('stories').select(['id', 'status']).where('id', '=', id).executeTakeFirst();

export async function moderateStory(
  db: Database,
  id: number,
  status: 'approved' | 'rejected',
  actorId: number,
) {
  await db
    .updateTable('stories')
    .set({
      status,
      moderated_at: sql<Date>`now()`,
      moderated_by: actorId,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/** A page of tickets (one status, or all), newest first, with their member. */
export const findTickets = (
  db: Database,
  status: TSupportStatus | undefined,
  limit: number,
  offset: number,
) =>
  db
    .selectFrom('support_tickets as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select([
      't.id',
      't.reason',
      't.description',
      't.status',
      't.reply',
      't.replied_at',
      't.created_at',
      't.updated_at',
      'u.id as user_id',
      'u.name as user_name',
      'u.email as user_email',
    ])
    .$call((qb) => (status === undefined ? qb : qb.where('t.status', '=', status)))
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();

/** A ticket with its member's e-mail (the reply goes there). */
export const findTicket = (db: Database, id: number) =>
  db
    .selectFrom('support_tickets as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.id', 't.status', 't.user_id', 't.reason', 'u.email'])
    .where('t.id', '=', id)
    .executeTakeFirst();

/** A new status, a reply (dated, signed by the staff member), or both. */
export async function updateTicket(
  db: Database,
  id: number,
  change: { status?: TSupportStatus; reply?: string; actorId: number },
) {
  await db
    .updateTable('support_tickets')
    .set({
      ...(change.status !== undefined ? { status: change.status } : {}),
      ...(change.reply !== undefined
        ? { reply: change.reply, replied_at: sql<Date>`now()`, replied_by: change.actorId }
        : {}),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

export type AnnouncementFilter = 'active' | 'hidden' | 'deleted' | 'all';

/** A page of announcements, newest first: text (or id), status, one member's. */
export function findAnnouncements(
  db: Database,
  f: { q: string; status: AnnouncementFilter; userId: number | undefined },
  limit: number,
  offset: number,
) {
  const like = likeOf(f.q);
  return db
    .selectFrom('announcements as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select([
      'a.id',
      'a.description',
      'a.category',
      'a.views',
      'a.is_active',
      'a.deleted_at',
      'a.created_at',
      'u.id as user_id',
      'u.name as user_name',
      'u.email as user_email',
    ])
    .$if(f.status === 'active', (qb) =>
      qb.where('a.is_active', '=', true).where('a.deleted_at', 'is', null),
    )
    .$if(f.status === 'hidden', (qb) =>
      qb.where('a.is_active', '=', false).where('a.deleted_at', 'is', null),
    )
    .$if(f.status === 'deleted', (qb) => qb.where('a.deleted_at', 'is not', null))
    .$if(f.q !== '', (qb) =>
      qb.where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['a.description']), 'like', like),
          eb(eb.fn('lower', ['u.name']), 'like', like),
          eb('u.email', 'like', like),
          eb(sql<string>`a.id::text`, '=', f.q),
        ]),
      ),
    )
    .$if(f.userId !== undefined, (qb) => qb.where('a.user_id', '=', f.userId ?? 0))
    .orderBy('a.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** An announcement not deleted yet, with its author. */
export const findLiveAnnouncement = (db: Database, id: number) =>
  db
    .selectFrom('announcements')
    .select(['id', 'user_id'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

export type AnnouncementAction = 'hide' | 'restore' | 'delete';

/** Hide (out of the feed, kept), restore, or delete (soft) an announcement. */
export async function moderateAnnouncement(db: Database, id: number, action: AnnouncementAction) {
  await db
    .updateTable('announcements')
    .set({
      is_active: action === 'restore',
      ...(action === 'delete' ? { deleted_at: sql<Date>`now()` } : {}),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}
