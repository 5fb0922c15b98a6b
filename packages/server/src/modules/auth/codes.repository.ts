/** Queries on email_codes (the rules are in codes.ts): issue, the latest one, a try counted. */
import type { Database } from '../../db/kysely.js';

export type CodePurpose = 'verify' | 'reset' | 'delete_account';

/** Every unused code of this purpose stops working. */
export async function consumeOpenCodes(
  db: Database,
  userId: number,
  purpose: CodePurpose,
  now: Date,
) {
  await db
    .updateTable('email_codes')
    .set({ consumed_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .execute();
}

export async function insertCode(
  db: Database,
  c: {
    userId: number;
    purpose: CodePurpose;
    codeHash: string;
    salt: string;
    expiresAt: Date;
    now: Date;
  },
) {
  await db
    .insertInto('email_codes')
    .values({
      user_id: c.userId,
      purpose: c.purpose,
      code_hash: c.codeHash,
      salt: c.salt,
      expires_at: c.expiresAt,
      created_at: c.now,
    })
    .execute();
}

/** When the last code of this purpose was sent (undefined: never). */
export async function lastCodeSentAt(db: Database, userId: number, purpose: CodePurpose) {
  const row = await db
    .selectFrom('email_codes')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.created_at;
}

/** The latest unused code of this purpose, locked for the check (run in a transaction). */
export const lockLatestOpenCode = (trx: Database, userId: number, purpose: CodePurpose) =>
  trx
    .selectFrom('email_codes')
    .select(['id', 'code_hash', 'salt', 'attempts', 'expires_at'])
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();

/** A try on a code: its attempts, and consumed (used or spent) when `consumedAt` is set. */
export async function recordCodeTry(
  trx: Database,
  id: number,
  t: { attempts?: number; consumedAt: Date | null },
) {
  await trx
    .updateTable('email_codes')
    .set({
      ...(t.attempts === undefined ? {} : { attempts: t.attempts }),
      consumed_at: t.consumedAt,
    })
    .where('id', '=', id)
    .execute();
}

/** Forgets the newest code of this purpose: its mail never left, nobody holds it. */
export async function forgetNewestCode(db: Database, userId: number, purpose: CodePurpose) {
  const newest = db
    .selectFrom('email_codes')
    .select('id')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1);
  await db.deleteFrom('email_codes').where('id', 'in', newest).execute();
}
