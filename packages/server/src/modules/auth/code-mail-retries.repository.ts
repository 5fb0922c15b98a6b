/** Queries on code_mail_retries (migration 020): the code mails the relay refused. */
import { sql } from 'kysely';
import type { Database } from '../../db/kysely.js';
import type { CodePurpose } from './codes.repository.js';

/** Queues (or pushes back) a retry of this member's code mail. */
export async function queueRetry(
  db: Database,
  r: { userId: number; purpose: CodePurpose; nextTryAt: Date },
) {
  await db
    .insertInto('code_mail_retries')
    .values({ user_id: r.userId, purpose: r.purpose, next_try_at: r.nextTryAt })
    .onConflict((oc) =>
      oc.columns(['user_id', 'purpose']).doUpdateSet({ next_try_at: r.nextTryAt }),
    )
    .execute();
}

export async function dropRetry(db: Database, userId: number, purpose: CodePurpose) {
  await db
    .deleteFrom('code_mail_retries')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .execute();
}

/**
 * Claims the retries due at `now`, oldest first: each is counted and pushed back by
 * `delayS(attempts)` in the claim itself, so a copy that dies mid-send leaves it due again
 * later. Run inside the transaction that holds the job's lock.
 */
export async function claimDueRetries(
  trx: Database,
  now: Date,
  limit: number,
  delayS: (attempts: number) => number,
) {
  const due = await trx
    .selectFrom('code_mail_retries as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.user_id', 'r.purpose', 'r.attempts', 'u.email'])
    .where('r.next_try_at', '<=', now)
    .orderBy('r.next_try_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
  for (const r of due) {
    await trx
      .updateTable('code_mail_retries')
      .set({
        attempts: sql<number>`attempts + 1`,
        next_try_at: new Date(now.getTime() + delayS(r.attempts + 1) * 1000),
      })
      .where('user_id', '=', r.user_id)
      .where('purpose', '=', r.purpose)
      .execute();
  }
  return due;
}

/** The advisory lock that keeps two runs of the retry job apart (held until the commit). */
export async function tryRetryLock(trx: Database, key: number) {
  const { rows } = await sql<{ locked: boolean }>`
    SELECT pg_try_advisory_xact_lock(${key}) AS locked`.execute(trx);
  return rows[0]?.locked === true;
}
