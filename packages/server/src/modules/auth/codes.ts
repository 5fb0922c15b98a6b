/**
 * E-mail codes: 6 digits from a CSPRNG, stored salted and hashed, single use, 10-minute life,
 * 5 wrong tries and the code is spent, and the one resend cooldown. Never logged, never in an
 * answer. The queries are in codes.repository.ts.
 */
import crypto from 'node:crypto';
import { AUTH_MSG, OTP_MAX_ATTEMPTS, OTP_TTL_MIN, otpCooldownLeftS } from '@app/shared';
import type { Database } from '../../db/kysely.js';
import { AppError } from '../../errors.js';
import * as repo from './codes.repository.js';
import type { CodePurpose } from './codes.repository.js';

export type { CodePurpose };
export type CodeCheck = 'ok' | 'incorrect' | 'expired';

const hashCode = (salt: string, code: string) =>
  crypto.createHash('sha256').update(`${salt}:${code}`).digest('hex');

export const newCode = () => crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');

/** Issues a fresh code; every earlier code of the same purpose stops working. */
export async function issueCode(db: Database, userId: number, purpose: CodePurpose, now: Date) {
  const code = newCode();
  const salt = crypto.randomBytes(16).toString('hex');
  await repo.consumeOpenCodes(db, userId, purpose, now);
  await repo.insertCode(db, {
    userId,
    purpose,
    codeHash: hashCode(salt, code),
    salt,
    expiresAt: new Date(now.getTime() + OTP_TTL_MIN * 60_000),
    now,
  });
  return code;
}

/** Seconds since the last code of this purpose was sent, or null if none. */
export async function secondsSinceLastCode(
  db: Database,
  userId: number,
  purpose: CodePurpose,
  now: Date,
) {
  const sentAt = await repo.lastCodeSentAt(db, userId, purpose);
  return sentAt ? (now.getTime() - new Date(sentAt).getTime()) / 1000 : null;
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
  const row = await repo.lockLatestOpenCode(trx, userId, purpose);
  if (!row || new Date(row.expires_at) <= now || row.attempts >= OTP_MAX_ATTEMPTS) return 'expired';
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(hashCode(row.salt, code), 'hex');
  if (crypto.timingSafeEqual(expected, given)) {
    await repo.recordCodeTry(trx, row.id, { consumedAt: now });
    return 'ok';
  }
  const attempts = row.attempts + 1;
  const spent = attempts >= OTP_MAX_ATTEMPTS;
  await repo.recordCodeTry(trx, row.id, { attempts, consumedAt: spent ? now : null });
  return spent ? 'expired' : 'incorrect';
}
