/** Demo data for a fresh database (DEMO_SEED). Runs once: a marker row says it is done. */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db.js';

export async function seedDemoData(db: Db, log: FastifyBaseLogger): Promise<void> {
  const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE is_demo');
  if ((rows[0]?.n ?? 0) > 0) return;
  log.info('données de démonstration : rien à semer pour l’instant');
}
