/** The day a member was last shown the daily reward window (one row a member). */
import { sql } from 'kysely';
import type { Database } from '../../db/kysely.js';

/** Whether the window was shown on `day` (YYYY-MM-DD, the business day). */
export async function wasDailyRewardShown(db: Database, userId: number, day: string) {
  const row = await db
    .selectFrom('daily_reward_views')
    .select('day')
    .where('user_id', '=', userId)
    .where('day', '>=', sql<Date>`${day}::date`)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Records that the window is shown on `day`; true only for the first call that day, so two
 * devices opening at once still show it once.
 */
export async function claimDailyRewardShown(db: Database, userId: number, day: string) {
  const row = await db
    .insertInto('daily_reward_views')
    .values({ user_id: userId, day: sql<Date>`${day}::date` })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ day: sql<Date>`excluded.day` })
        .where('daily_reward_views.day', '<', sql<Date>`excluded.day`),
    )
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}
