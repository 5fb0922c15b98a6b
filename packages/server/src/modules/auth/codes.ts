/**
 * E-mail codes: 6 digits from a CSPRNG, stored salted and hashed, single use, 10-minute life,
 * 5 wrong tries and the code is spent. Never logged, never in an answer.
 */
import crypto from 'node:crypto';
import { OTP_MAX_ATTEMPTS, OTP_TTL_MIN } from '@app/shared';
import { one, type Sql } from '../../db/db.js';

export type CodePurpose = 'verify' | 'reset' | 'delete_account';
export type CodeCheck = 'ok' | 'incorrect' | 'expired';

const hashCode = (salt: string, code: string) =>
  crypto.createHash('sha256').update(`${salt}:${code}`).digest('hex');

export const newCode = () => crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');

/** Issues a fresh code; every earlier code of the same purpose stops working. */
export async function issueCode(sql: Sql, userId: number, purpose: CodePurpose, now: Date) {
  const code = newCode();
  const salt = crypto.randomBytes(16).toString('hex');
  await sql.query(
    `UPDATE email_codes SET consumed_at = $3 WHERE user_id = $1 AND purpose = $2 AND consumed_at IS NULL`,
    [userId, purpose, now],
  );
  await sql.query(
    `INSERT INTO email_codes (user_id, purpose, code_hash, salt, expires_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      userId,
      purpose,
      hashCode(salt, code),
      salt,
      new Date(now.getTime() + OTP_TTL_MIN * 60_000),
      now,
    ],
  );
  return code;
}

/** Seconds since the last code of this purpose was sent, or null if none. */
export async function secondsSinceLastCode(
  sql: Sql,
  userId: number,
  purpose: CodePurpose,
  now: Date,
) {
  const row = await one<{ created_at: Date }>(
    sql,
    `SELECT created_at FROM email_codes WHERE user_id = $1 AND purpose = $2
      ORDER BY created_at DESC LIMIT 1`,
    [userId, purpose],
  );
  return row ? (now.getTime() - new Date(row.created_at).getTime()) / 1000 : null;
}

/** Checks a code; a correct one is consumed, a wrong one counts an attempt. Run in a transaction. */
export async function checkCode(
  tx: Sql,
  userId: number,
  purpose: CodePurpose,
  code: string,
  now: Date,
): Promise<CodeCheck> {
  const row = await one<{
    id: number;
    code_hash: string;
    salt: string;
    attempts: number;
    expires_at: Date;
  }>(
    tx,
    `SELECT id, code_hash, salt, attempts, expires_at FROM email_codes
      WHERE user_id = $1 AND purpose = $2 AND consumed_at IS NULL
      ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
    [userId, purpose],
  );
  if (!row || new Date(row.expires_at) <= now || row.attempts >= OTP_MAX_ATTEMPTS) return 'expired';
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(hashCode(row.salt, code), 'hex');
  if (crypto.timingSafeEqual(expected, given)) {
    await tx.query('UPDATE email_codes SET consumed_at = $2 WHERE id = $1', [row.id, now]);
    return 'ok';
  }
  const attempts = row.attempts + 1;
  const spent = attempts >= OTP_MAX_ATTEMPTS;
  await tx.query('UPDATE email_codes SET attempts = $2, consumed_at = $3 WHERE id = $1', [
    row.id,
    attempts,
    spent ? now : null,
  ]);
  return spent ? 'expired' : 'incorrect';
}
