/**
 * « Recevoir des appels » (Confidentialité): whether a member takes calls. The setting lives in
 * `member_settings` (one row per member, defaults when absent: calls on).
 */
import type { Database } from '../../db/kysely.js';

export async function acceptsCalls(_db: Database, _userId: number): Promise<boolean> {
  // The member_settings table arrives with the privacy screen; until then every member takes calls.
  return true;
}
