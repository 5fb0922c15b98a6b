/** The database probe of GET /api/health: one trivial statement. */
import { sql } from 'kysely';
import type { Database } from '../../db/kysely.js';

export async function pingDatabase(db: Database): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
