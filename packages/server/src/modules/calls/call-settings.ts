/**
 * « Recevoir des appels » (Confidentialité, issue 30): whether a member takes calls. The setting
 * lives in `member_settings` with the others (on when the member never changed it).
 */
import type { Database } from '../../db/kysely.js';
import { getMemberSettings } from '../privacy/index.js';

export async function acceptsCalls(db: Database, userId: number): Promise<boolean> {
  return (await getMemberSettings(db, userId)).receive_calls;
}
