/**
 * The member's account: settings (anonymous mode), and deletion confirmed by the password or,
 * for an account without one (Google), by a fresh e-mail code. Deletion anonymises the users
 * row (see account.repository.ts), deletes the member's own rows and photo files, and ends
 * every session.
 */
import {
  ACCOUNT_MSG,
  OTP_RESEND_COOLDOWN_S,
  type TAccountSettings,
  type TDeleteAccountRequest,
} from '@app/shared';
import type { Sql } from '../../db/db.js';
import { AppError, notFound } from '../../errors.js';
import { revokeAllSessions } from '../../auth/session.repository.js';
import { deletePhoto } from '../../adapters/images/photos.js';
import { checkCode, issueCode, secondsSinceLastCode, type CodePurpose } from '../auth/codes.js';
import { verifyPassword } from '../auth/password.js';
import { deleteTicketsOfUser } from '../support/support.repository.js';
import { forgetStoryAuthor } from '../stories/story.repository.js';
import type { AccountCtx } from './account.context.js';
import * as repo from './account.repository.js';
import { cleanOptionalTables } from './optional-tables.js';
import { deletionCodeMail } from './account.mails.js';

// codes.ts names the purposes it was written for; migration 008 adds this one to the table's
// check, and the code functions themselves do not depend on the purpose.
const DELETE_PURPOSE: CodePurpose = 'delete_account';
/** Wrong passwords or codes per member before a pause. */
const CONFIRM_LIMIT = { max: 5, windowS: 15 * 60 } as const;

async function getAccount(ctx: AccountCtx, userId: number) {
  const account = await repo.findAccount(ctx.db, userId);
  if (!account || account.deleted_at) throw notFound(ACCOUNT_MSG.deleted);
  return account;
}

export async function accountSettings(ctx: AccountCtx, userId: number): Promise<TAccountSettings> {
  const account = await getAccount(ctx, userId);
  return { anonymous: account.anonymous, has_password: account.has_password };
}

export async function setAnonymousMode(ctx: AccountCtx, userId: number, enabled: boolean) {
  await repo.setAnonymous(ctx.db, userId, enabled);
  return accountSettings(ctx, userId);
}

/** Mails a deletion code to an account without a password (once a minute at most). */
export async function sendDeletionCode(ctx: AccountCtx, userId: number) {
  const account = await getAccount(ctx, userId);
  if (account.has_password) {
    throw new AppError('use_password', ACCOUNT_MSG.usePassword, { status: 422 });
  }
  const since = await secondsSinceLastCode(ctx.db, userId, DELETE_PURPOSE, ctx.now);
  if (since !== null && since < OTP_RESEND_COOLDOWN_S) {
    throw new AppError('code_wait', ACCOUNT_MSG.codeWait, {
      status: 429,
      extra: { retry_after: Math.ceil(OTP_RESEND_COOLDOWN_S - since) },
    });
  }
  const code = await issueCode(ctx.db, userId, DELETE_PURPOSE, ctx.now);
  try {
    await ctx.sendMail({ to: account.email, ...deletionCodeMail(code) });
  } catch (err) {
    ctx.log.error({ err, userId }, 'envoi du code de suppression impossible');
    throw new AppError('mail_failed', ACCOUNT_MSG.codeSendFailed, { status: 502 });
  }
}

const refusal = (code: string, message: string, field: 'password' | 'code', status = 422) =>
  new AppError(code, message, { status, fields: { [field]: [message] } });

/**
 * Checks the confirmation, then deletes in one transaction; a wrong code still counts its
 * attempt (that part commits). Photo files go after the commit: a failure there is logged.
 */
export async function deleteAccount(ctx: AccountCtx, userId: number, input: TDeleteAccountRequest) {
  const account = await getAccount(ctx, userId);
  if (account.has_password) {
    if (!input.password) throw refusal('validation', ACCOUNT_MSG.passwordRequired, 'password', 400);
    await ctx.limiter.hit({ key: `account-delete:${userId}`, ...CONFIRM_LIMIT });
    const hash = await repo.findPasswordHash(ctx.db, userId);
    if (!(await verifyPassword(hash, input.password))) {
      throw refusal('password_incorrect', ACCOUNT_MSG.passwordIncorrect, 'password');
    }
  } else if (!input.code) {
    throw refusal('validation', ACCOUNT_MSG.codeRequired, 'code', 400);
  }
  const code = account.has_password ? null : (input.code ?? null);
  const outcome = await ctx.db.transaction(async (tx) => {
    if (code !== null) {
      const check = await checkCode(tx, userId, DELETE_PURPOSE, code, ctx.now);
      if (check !== 'ok') return check;
    }
    const locked = await repo.lockAccount(tx, userId);
    if (!locked || locked.deleted_at) return 'gone' as const;
    await eraseAccount(tx, locked, ctx.now);
    return { photoKey: locked.photo_key };
  });
  if (outcome === 'incorrect') throw refusal('code_incorrect', ACCOUNT_MSG.codeIncorrect, 'code');
  if (outcome === 'expired') throw refusal('code_expired', ACCOUNT_MSG.codeExpired, 'code');
  if (outcome === 'gone') throw notFound(ACCOUNT_MSG.deleted);
  ctx.disconnect(userId);
  if (outcome.photoKey) {
    await deletePhoto(ctx.storage, outcome.photoKey).catch((err: unknown) =>
      ctx.log.warn({ err, userId }, 'photo du compte supprimé non effacée'),
    );
  }
}

async function eraseAccount(tx: Sql, account: repo.AccountRow, now: Date) {
  await revokeAllSessions(tx, account.id);
  await repo.deletePersonalRows(tx, account);
  await forgetStoryAuthor(tx, account.id);
  await deleteTicketsOfUser(tx, account.id);
  await cleanOptionalTables(tx, account.id);
  await repo.anonymiseUser(tx, account.id, now);
}
