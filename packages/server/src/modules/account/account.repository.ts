/** SQL behind the account settings and the anonymisation of a deleted account. */
import { deletedEmailOf } from '@app/shared';
import { one, type Sql } from '../../db/db.js';

export interface AccountRow extends Record<string, unknown> {
  id: number;
  email: string;
  has_password: boolean;
  anonymous: boolean;
  photo_key: string | null;
  device_hash: string | null;
  deleted_at: Date | null;
}

const ACCOUNT_COLUMNS = `id, email, password_hash IS NOT NULL AS has_password, anonymous, photo_key,
  device_hash, deleted_at`;

export const findAccount = (sql: Sql, userId: number) =>
  one<AccountRow>(sql, `SELECT ${ACCOUNT_COLUMNS} FROM users WHERE id = $1`, [userId]);

/** The row under lock, for the deletion transaction. */
export const lockAccount = (tx: Sql, userId: number) =>
  one<AccountRow>(tx, `SELECT ${ACCOUNT_COLUMNS} FROM users WHERE id = $1 FOR UPDATE`, [userId]);

export const findPasswordHash = async (sql: Sql, userId: number) =>
  (
    await one<{ password_hash: string | null }>(
      sql,
      'SELECT password_hash FROM users WHERE id = $1',
      [userId],
    )
  )?.password_hash ?? null;

export async function setAnonymous(sql: Sql, userId: number, enabled: boolean) {
  await sql.query('UPDATE users SET anonymous = $2, updated_at = now() WHERE id = $1', [
    userId,
    enabled,
  ]);
}

/**
 * Empties the users row of everything personal. The row itself stays: messages reference it,
 * so the other member keeps the history (shown as from 'Utilisateur supprimé'), and the coin
 * ledger keeps its accounting. profile_completed_at goes back to null, which alone leaves the
 * member out of every list that shows members (feed, swipes, nearby, new chats).
 */
export async function anonymiseUser(tx: Sql, userId: number, now: Date) {
  await tx.query(
    `UPDATE users SET email = $2, password_hash = NULL, google_sub = NULL, email_verified_at = NULL,
        name = NULL, gender = NULL, birth_date = NULL, locality = NULL, bio = NULL,
        details = '{}'::jsonb, passions = '{}', photo_key = NULL, invitation_code = NULL,
        referred_by = NULL, device_hash = NULL, lat = NULL, lng = NULL, location_updated_at = NULL,
        last_seen_at = NULL, profile_completed_at = NULL, gifted_signup = false, anonymous = false,
        deleted_at = $3, updated_at = $3
      WHERE id = $1`,
    [userId, deletedEmailOf(userId), now],
  );
}

/**
 * Deletes the member's own rows in the tables of the accounts, notifications, announcements
 * and swipes features: codes, push subscriptions, notifications, likes and dislikes (given and
 * received), announcements (their views go with them), views given, the devices they signed in
 * from, and the device-rule records of their address and device.
 */
export async function deletePersonalRows(
  tx: Sql,
  account: Pick<AccountRow, 'id' | 'email' | 'device_hash'>,
) {
  const id = account.id;
  await tx.query('DELETE FROM email_codes WHERE user_id = $1', [id]);
  await tx.query('DELETE FROM push_subscriptions WHERE user_id = $1', [id]);
  await tx.query('DELETE FROM notifications WHERE user_id = $1', [id]);
  await tx.query('DELETE FROM swipes WHERE swiper_id = $1 OR target_id = $1', [id]);
  await tx.query('DELETE FROM announcement_views WHERE viewer_id = $1', [id]);
  await tx.query('DELETE FROM announcements WHERE user_id = $1', [id]);
  await tx.query('DELETE FROM user_devices WHERE user_id = $1', [id]);
  await tx.query(
    'DELETE FROM device_signup_refusals WHERE email = $1 OR ($2::text IS NOT NULL AND device_hash = $2)',
    [account.email, account.device_hash],
  );
}
