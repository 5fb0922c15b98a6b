/**
 * E-mail codes: 6 digits from a CSPRNG, stored salted and hashed, single use, 10-minute life,
 * 5 wrong tries and the code is spent. Never logged, never in an answer.
 */
import crypto from 'node:crypto';
import { AUTH_MSG, OTP_MAX_ATTEMPTS, OTP_TTL_MIN, otpCooldownLeftS } from '@app/shared';
import type { Database } from '../../db/kysely.js';
import { AppError } from '../../errors.js';

export type CodePurpose = 'verify' | 'reset' | 'delete_account';
export type CodeCheck = 'ok' | 'incorrect' | 'expired';

const hashCode = (salt: string, code: string) =>
  crypto.createHash('sha256').update(`${salt}:${code}`).digest('hex');

export const newCode = () => crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');

/** Issues a fresh code; every earlier code of the same purpose stops working. */
export async function issueCode(db: Database, userId: number, purpose: CodePurpose, now: Date) {
  const code = newCode();
  const salt = crypto.randomBytes(16).toString('hex');
  await db
    .updateTable('email_codes')
    .set({ consumed_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .execute();
  await db
    .insertInto('email_codes')
    .values({
      user_id: userId,
      purpose,
      code_hash: hashCode(salt, code),
      salt,
      expires_at: new Date(now.getTime() + OTP_TTL_MIN * 60_000),
      created_at: now,
    })
    .execute();
  return code;
}

/** Seconds since the last code of this purpose was sent, or null if none. */
export async function secondsSinceLastCode(
  db: Database,
  userId: number,
  purpose: CodePurpose,
  now: Date,
) {
  const row = await db
    .selectFrom('email_codes')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? (now.getTime() - new Date(row.created_at).getTime()) / 1000 : null;
}

/** Whole seconds before another code of this purpose may be sent (0: now). */
export async function codeCooldownLeftS(
  db: Database,
  userId: number,
  purpose: CodePurpose,
  now: Date,
) {
  return otpCooldownLeftS(await secondsSinceLastCode(db, userId, purpose, now));
}

/** Refuses a code asked for within the cooldown: 429 `otp_cooldown`, with `retry_after`. */
export async function assertCodeCooldownOver(
  db: Database,
  userId: number,
  purpose: CodePurpose,
  now: Date,
) {
  const left = await codeCooldownLeftS(db, userId, purpose, now);
  if (left > 0) {
    throw new AppError('otp_cooldown', AUTH_MSG.otpResendWait, {
      status: 429,
      extra: { retry_after: left },
    });
  }
}

/** Checks a code; a correct one is consumed, a wrong one counts an attempt. Run in a transaction. */
export async function checkCode(
  trx: Database,
  userId: number,
  purpose: CodePurpose,
  code: string,
  now: Date,
): Promise<CodeCheck> {
  const row = await trx
    .selectFrom('email_codes')
    .select(['id', 'code_hash', 'salt', 'attempts', 'expires_at'])
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  if (!row || new Date(row.expires_at) <= now || row.attempts >= OTP_MAX_ATTEMPTS) return 'expired';
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(hashCode(row.salt, code), 'hex');
  if (crypto.timingSafeEqual(expected, given)) {
    await trx
      .updateTable('email_codes')
      .set({ consumed_at: now })
      .where('id', '=', row.id)
      .execute();
    return 'ok';
  }
  const attempts = row.attempts + 1;
  const spent = attempts >= OTP_MAX_ATTEMPTS;
  await trx
    .updateTable('email_codes')
    .set({ attempts, consumed_at: spent ? now : null })
    .where('id', '=', row.id)
    .execute();
  return spent ? 'expired' : 'incorrect';
}
