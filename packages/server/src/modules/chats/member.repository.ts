/** The chat module's queries on members (users): who may be written to, names, presence marks. */
import { sql } from 'kysely';
import { ONLINE_WINDOW_S } from '@app/shared';
import type { Database } from '../../db/kysely.js';

/** A member one may open a chat with: not banned, not deleted, profile completed. */
export async function isReachableMember(db: Database, id: number) {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', id)
    .where('blocked_at', 'is', null)
    .where('deleted_at', 'is', null)
    .where('profile_completed_at', 'is not', null)
    .executeTakeFirst();
  return !!row;
}

/** The member's coins, name and photo (chat details, typing). */
export async function findMemberCard(db: Database, id: number) {
  const row = await db
    .selectFrom('users')
    .select(['coins', 'name', 'photo_key', 'verified_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? { coins: 0, name: null, photo_key: null, verified_at: null };
}

/** True when the member holds the « Profil vérifié » badge. */
export async function isVerified(db: Database, id: number) {
  const row = await db
    .selectFrom('users')
    .select('verified_at')
    .where('id', '=', id)
    .executeTakeFirst();
  return !!row?.verified_at;
}

/** The heartbeat window, as an SQL interval (a constant, never user input). */
const windowPassed = () => sql<Date>`now() - make_interval(secs => ${ONLINE_WINDOW_S + 1})`;

/**
 * A sign of life (a new connection, force-online): online again, even after mark-offline.
 * Answers the member's name (a socket keeps it for its typing events).
 */
export async function markSeenNow(db: Database, userId: number) {
  const row = await db
    .updateTable('users')
    .set({ last_seen_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .returning('name')
    .executeTakeFirst();
  return row?.name ?? null;
}

/** The heartbeat window closes now: the member's last socket went away. */
export async function expireLastSeen(db: Database, userId: number) {
  await db
    .updateTable('users')
    .set({ last_seen_at: windowPassed() })
    .where('id', '=', userId)
    .where('last_seen_at', '>', windowPassed())
    .execute();
}

/** Offline until the next sign of life. */
export async function markOffline(db: Database, userId: number) {
  await db
    .updateTable('users')
    .set({
      presence_offline_at: sql<Date>`now()`,
      last_seen_at: sql<Date>`least(last_seen_at, ${windowPassed()})`,
    })
    .where('id', '=', userId)
    .execute();
}

/** What presence is judged from (presence.ts), for one member. */
export async function findPresenceFacts(db: Database, id: number) {
  const row = await db
    .selectFrom('users')
    .select(['last_seen_at', 'presence_offline_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { lastSeenAt: row.last_seen_at, offlineAt: row.presence_offline_at } : undefined;
}

/** Both members liked each other (a match), whatever became of its chat. */
export async function isMatchedPair(db: Database, a: number, b: number) {
  const rows = await db
    .selectFrom('swipes')
    .select('swiper_id')
    .where('action', '=', 'like')
    .where((eb) =>
      eb.or([
        eb.and([eb('swiper_id', '=', a), eb('target_id', '=', b)]),
        eb.and([eb('swiper_id', '=', b), eb('target_id', '=', a)]),
      ]),
    )
    .execute();
  return rows.length === 2;
}
