/** The console's member pages on the typed query layer: search, detail records, sanctions. */
import { sql } from 'kysely';
import type { Database } from '../../db/kysely.js';
import { announce, changesOf } from '../../db/changes.js';
import { likeOf } from './staff.js';

/** Everything a member page shows of the account itself. */
const memberColumns = (db: Database) =>
  db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'name',
      'gender',
      sql<string | null>`to_char(birth_date, 'YYYY-MM-DD')`.as('birth_date'),
      'locality',
      'bio',
      'photo_key',
      'verified_at',
      'role',
      'coins',
      'device_hash',
      'blocked_at',
      'blocked_reason',
      'email_verified_at',
      'profile_completed_at',
      'created_at',
      'last_seen_at',
    ]);

export type MemberRow = NonNullable<Awaited<ReturnType<typeof findMember>>>;

export const findMember = (db: Database, id: number) =>
  memberColumns(db).where('id', '=', id).executeTakeFirst();

/** By id (an exact id first), e-mail or name; every member when `q` is empty. */
export function searchMembers(db: Database, q: string, limit: number, offset: number) {
  const asId = /^\d+$/.test(q) ? Number(q) : null;
  const like = likeOf(q);
  return memberColumns(db)
    .$if(q !== '', (qb) =>
      qb.where((eb) =>
        eb.or([
          ...(asId !== null ? [eb('id', '=', asId)] : []),
          eb('email', 'like', like),
          eb(eb.fn('lower', ['name']), 'like', like),
        ]),
      ),
    )
    .$if(asId !== null, (qb) => qb.orderBy((eb) => eb('id', '=', asId ?? 0), 'desc'))
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function accountsOnSameDevice(db: Database, deviceHash: string | null) {
  if (!deviceHash) return [];
  return db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'blocked_at', 'created_at'])
    .where('device_hash', '=', deviceHash)
    .orderBy('id')
    .execute();
}

/** The most devices a member page lists, and the most other accounts shown under each. */
const MEMBER_DEVICES_MAX = 20;
const DEVICE_ACCOUNTS_MAX = 20;

/** One of the member's devices, with one other account seen on it (null when none). */
export interface MemberDeviceRow {
  device_hash: string;
  first_seen_at: Date;
  last_seen_at: Date;
  other_id: number | null;
  other_name: string | null;
  other_email: string | null;
  other_blocked_at: Date | null;
}

/**
 * The member's devices, last used first, each joined with the other accounts seen on it, last
 * seen there first: one row per device and account (one row with no account for a device of
 * their own). Both lists are capped. The lateral join stays as written.
 */
export async function devicesOf(db: Database, userId: number) {
  const { rows } = await sql<MemberDeviceRow>`
    SELECT d.device_hash, d.first_seen_at, d.last_seen_at,
           o.id AS other_id, o.name AS other_name, o.email AS other_email,
           o.blocked_at AS other_blocked_at
      FROM (SELECT device_hash, first_seen_at, last_seen_at FROM user_devices
             WHERE user_id = ${userId} ORDER BY last_seen_at DESC, device_hash
             LIMIT ${MEMBER_DEVICES_MAX}) d
      LEFT JOIN LATERAL (
        SELECT u.id, u.name, u.email, u.blocked_at, x.last_seen_at
          FROM user_devices x JOIN users u ON u.id = x.user_id
         WHERE x.device_hash = d.device_hash AND x.user_id <> ${userId}
         ORDER BY x.last_seen_at DESC, u.id DESC LIMIT ${DEVICE_ACCOUNTS_MAX}
      ) o ON true
     ORDER BY d.last_seen_at DESC, d.device_hash, o.last_seen_at DESC, o.id DESC`.execute(db);
  return rows;
}

export async function deviceRefusals(db: Database, deviceHash: string) {
  const row = await db
    .selectFrom('device_signup_refusals')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('device_hash', '=', deviceHash)
    .executeTakeFirst();
  return row?.n ?? 0;
}

export const coinMovements = (db: Database, userId: number, limit: number) =>
  db
    .selectFrom('coin_movements')
    .select(['id', 'amount', 'balance_after', 'reason', 'meta', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

export const reportsAbout = (db: Database, userId: number, column: 'reported_id' | 'reporter_id') =>
  db
    .selectFrom('reports')
    .select(['id', 'reporter_id', 'reported_id', 'reason', 'details', 'status', 'created_at'])
    .where(column, '=', userId)
    .orderBy('id', 'desc')
    .limit(50)
    .execute();

/** The member's payment orders, newest first. */
export const ordersOf = (db: Database, userId: number, limit: number) =>
  db
    .selectFrom('payment_orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

export async function setBlocked(db: Database, id: number, reason: string) {
  await db
    .updateTable('users')
    .set({ blocked_at: sql<Date>`now()`, blocked_reason: reason, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
  await announce(db, { access: id });
}

export async function setUnblocked(db: Database, id: number) {
  await db
    .updateTable('users')
    .set({ blocked_at: null, blocked_reason: null, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
  await announce(db, { access: id });
}

export async function setRole(db: Database, id: number, role: string) {
  await db.updateTable('users').set({ role }).where('id', '=', id).execute();
  await announce(db, { access: id });
}

/** Forgets the device's refused sign-ups and unblocks its accounts blocked for it. */
export async function resetDevice(db: Database, deviceHash: string) {
  await db.deleteFrom('device_signup_refusals').where('device_hash', '=', deviceHash).execute();
  const rows = await db
    .updateTable('users')
    .set({ blocked_at: null, blocked_reason: null })
    .where('device_hash', '=', deviceHash)
    .where('blocked_reason', 'in', ['multiple_accounts', 'device_blocked'])
    .returning('id')
    .execute();
  const ids = rows.map((r) => r.id);
  await announce(db, ...changesOf('access', ids));
  return ids;
}
