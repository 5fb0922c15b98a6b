/** Queries on the devices a member signs up and signs in from (migration 014, `user_devices`). */
import { sql } from 'kysely';
import type { Database } from '../../db/kysely.js';

/** Notes that the member used this device at `seenAt`: one upsert, first_seen_at kept. */
export async function upsertUserDevice(
  db: Database,
  userId: number,
  deviceHash: string,
  seenAt: Date,
) {
  await db
    .insertInto('user_devices')
    .values({
      user_id: userId,
      device_hash: deviceHash,
      first_seen_at: seenAt,
      last_seen_at: seenAt,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'device_hash']).doUpdateSet({
        last_seen_at: sql<Date>`greatest(user_devices.last_seen_at, excluded.last_seen_at)`,
      }),
    )
    .execute();
}
