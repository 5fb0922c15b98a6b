/** Queries behind the account settings and the anonymisation of a deleted account (Kysely). */
import { sql } from 'kysely';
import { deletedEmailOf } from '@app/shared';
import type { Database } from '../../db/kysely.js';
import { announce, changesOf } from '../../db/changes.js';

const ACCOUNT_COLUMNS = [
  'id',
  'email',
  sql<boolean>`password_hash IS NOT NULL`.as('has_password'),
  'anonymous',
  'photo_key',
  'device_hash',
  'deleted_at',
] as const;

export const findAccount = (db: Database, userId: number) =>
  db.selectFrom('users').select(ACCOUNT_COLUMNS).where('id', '=', userId).executeTakeFirst();

export type AccountRow = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

/** The row under lock, for the deletion transaction. */
export const lockAccount = (trx: Database, userId: number) =>
  trx
    .selectFrom('users')
    .select(ACCOUNT_COLUMNS)
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();

export const findPasswordHash = async (db: Database, userId: number) =>
  (await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst())
    ?.password_hash ?? null;

export async function setAnonymous(db: Database, userId: number, enabled: boolean) {
  await db
    .updateTable('users')
    .set({ anonymous: enabled, updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .execute();
}

/**
 * Empties the users row of everything personal. The row itself stays: messages reference it,
 * so the other member keeps the history (shown as from 'Utilisateur supprimé'), and the coin
 * ledger keeps its accounting. profile_completed_at goes back to null, which alone leaves the
 * member out of every list that shows members (feed, swipes, nearby, new chats).
 */
export async function anonymiseUser(trx: Database, userId: number, now: Date) {
  await trx
    .updateTable('users')
    .set({
      email: deletedEmailOf(userId),
      password_hash: null,
      google_sub: null,
      email_verified_at: null,
      name: null,
      gender: null,
      birth_date: null,
      locality: null,
      bio: null,
      details: sql<string>`'{}'::jsonb`,
      passions: sql<string[]>`'{}'`,
      photo_key: null,
      invitation_code: null,
      referred_by: null,
      device_hash: null,
      lat: null,
      lng: null,
      location_updated_at: null,
      last_seen_at: null,
      profile_completed_at: null,
      gifted_signup: false,
      anonymous: false,
      deleted_at: now,
      updated_at: now,
    })
    .where('id', '=', userId)
    .execute();
  await announce(trx, { access: userId });
}

/**
 * Deletes the member's own rows in the tables of the accounts, notifications, announcements
 * and swipes features: codes, push subscriptions, notifications, likes and dislikes (given and
 * received), announcements (their views go with them), views given, the devices they signed in
 * from, and the device-rule records of their address and device.
 */
export async function deletePersonalRows(
  trx: Database,
  account: Pick<AccountRow, 'id' | 'email' | 'device_hash'>,
) {
  const id = account.id;
  await trx.deleteFrom('email_codes').where('user_id', '=', id).execute();
  await trx.deleteFrom('push_subscriptions').where('user_id', '=', id).execute();
  await trx.deleteFrom('notifications').where('user_id', '=', id).execute();
  const swipes = await trx
    .deleteFrom('swipes')
    .where((eb) => eb.or([eb('swiper_id', '=', id), eb('target_id', '=', id)]))
    .returning(['target_id', 'action'])
    .execute();
  // The members they liked count one like fewer.
  const liked = swipes.filter((s) => s.action === 'like').map((s) => s.target_id);
  await announce(trx, ...changesOf('member', liked));
  await trx.deleteFrom('announcement_views').where('viewer_id', '=', id).execute();
  await trx.deleteFrom('announcements').where('user_id', '=', id).execute();
  await trx.deleteFrom('user_devices').where('user_id', '=', id).execute();
  const device = account.device_hash;
  await trx
    .deleteFrom('device_signup_refusals')
    .where((eb) =>
      device === null
        ? eb('email', '=', account.email)
        : eb.or([eb('email', '=', account.email), eb('device_hash', '=', device)]),
    )
    .execute();
}
