/** SQL for the devices a member signs up and signs in from (migration 014, `user_devices`). */
import type { Sql } from '../../db/db.js';

/** Notes that the member used this device at `seenAt`: one upsert, first_seen_at kept. */
export async function upsertUserDevice(sql: Sql, userId: number, deviceHash: string, seenAt: Date) {
  await sql.query(
    `INSERT INTO user_devices (user_id, device_hash, first_seen_at, last_seen_at)
     VALUES ($1, $2, $3, $3)
     ON CONFLICT (user_id, device_hash)
       DO UPDATE SET last_seen_at = greatest(user_devices.last_seen_at, EXCLUDED.last_seen_at)`,
    [userId, deviceHash, seenAt],
  );
}
