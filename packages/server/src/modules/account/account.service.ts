/**
 * The member's account: settings (anonymous mode), and deletion confirmed by the password or,
 * for an account without one (Google), by a fresh e-mail code. Deletion anonymises the users
 * row (see account.repository.ts), deletes the member's own rows and photo files, and ends
 * every session.
 */
import { ACCOUNT_MSG, type TAccountSettings, type TDeleteAccountRequest } from '@app/shared';
import type { ApiErrorCode } from '@app/shared';
import type { Deps } from '../../deps.js';
import type { Database } from '../../db/kysely.js';
import { AppError, notFound } from '../../errors.js';
import { revokeAllSessions } from '../../auth/session.repository.js';
import { deletePhoto } from '../../adapters/images/photos.js';
import {
  assertCodeCooldownOver,
  checkCode,
  issueCode,
  verifyPassword,
  type CodePurpose,
} from '../auth/index.js';
import { deleteTicketsOfUser } from '../support/index.js';
import { forgetStoryAuthor } from '../stories/index.js';
import * as repo from './account.repository.js';
import { cleanOptionalTables } from './optional-tables.repository.js';
import { deletionCodeMail } from './account.mails.js';

// codes.ts names the purposes it was written for; migration 008 adds this one to the table's
// check, and the code functions themselves do not depend on the purpose.
const DELETE_PURPOSE: CodePurpose = 'delete_account';
/** Wrong passwords or codes per member before a pause. */
const CONFIRM_LIMIT = { max: 5, windowS: 15 * 60 } as const;

/** What the account services use of the deps. */
export type AccountDeps = Pick<
  Deps,
  'db' | 'clock' | 'log' | 'limiter' | 'storage' | 'mailer' | 'realtime'
>;

async function getAccount(deps: AccountDeps, userId: number) {
  const account = await repo.findAccount(deps.db, userId);
  if (!account || account.deleted_at) throw notFound(ACCOUNT_MSG.deleted);
  return account;
}

export async function accountSettings(
  deps: AccountDeps,
  userId: number,
): Promise<TAccountSettings> {
  const account = await getAccount(deps, userId);
  return { anonymous: account.anonymous, has_password: account.has_password };
}

export async function setAnonymousMode(deps: AccountDeps, userId: number, enabled: boolean) {
  await repo.setAnonymous(deps.db, userId, enabled);
  return accountSettings(deps, userId);
}

/** Mails a deletion code to an account without a password (once a minute at most). */
export async function sendDeletionCode(deps: AccountDeps, userId: number) {
  const account = await getAccount(deps, userId);
  if (account.has_password) {
    throw new AppError('use_password', ACCOUNT_MSG.usePassword, { status: 422 });
  }
  await assertCodeCooldownOver(deps.db, userId, DELETE_PURPOSE, deps.clock.now());
  const code = await issueCode(deps.db, userId, DELETE_PURPOSE, deps.clock.now());
  try {
    await deps.mailer.send({ to: account.email, ...deletionCodeMail(code) });
  } catch (err) {
    deps.log.error({ err, userId }, 'envoi du code de suppression impossible');
    throw new AppError('mail_failed', ACCOUNT_MSG.codeSendFailed, { status: 502 });
  }
}

const refusal = (code: ApiErrorCode, message: string, field: 'password' | 'code', status = 422) =>
  new AppError(code, message, { status, fields: { [field]: [message] } });

/**
 * Checks the confirmation, then deletes in one transaction; a wrong code still counts its
 * attempt (that part commits). Photo files go after the commit: a failure there is logged.
 */
export async function deleteAccount(
  deps: AccountDeps,
  userId: number,
  input: TDeleteAccountRequest,
) {
  const account = await getAccount(deps, userId);
  if (account.has_password) {
    if (!input.password) throw refusal('validation', ACCOUNT_MSG.passwordRequired, 'password', 400);
    await deps.limiter.hit({ key: `account-delete:${userId}`, ...CONFIRM_LIMIT });
    const hash = await repo.findPasswordHash(deps.db, userId);
    if (!(await verifyPassword(hash, input.password))) {
      throw refusal('password_incorrect', ACCOUNT_MSG.passwordIncorrect, 'password');
    }
  } else if (!input.code) {
    throw refusal('validation', ACCOUNT_MSG.codeRequired, 'code', 400);
  }
  const code = account.has_password ? null : (input.code ?? null);
  const outcome = await deps.db.transaction().execute(async (tx) => {
    if (code !== null) {
      const check = await checkCode(tx, userId, DELETE_PURPOSE, code, deps.clock.now());
      if (check !== 'ok') return check;
    }
    const locked = await repo.lockAccount(tx, userId);
    if (!locked || locked.deleted_at) return 'gone' as const;
    await eraseAccount(tx, locked, deps.clock.now());
    return { photoKey: locked.photo_key };
  });
  if (outcome === 'incorrect') throw refusal('code_incorrect', ACCOUNT_MSG.codeIncorrect, 'code');
  if (outcome === 'expired') throw refusal('code_expired', ACCOUNT_MSG.codeExpired, 'code');
  if (outcome === 'gone') throw notFound(ACCOUNT_MSG.deleted);
  if (outcome.photoKey) {
    await deletePhoto(deps.storage, outcome.photoKey).catch((err: unknown) =>
      deps.log.warn({ err, userId }, 'photo du compte supprimé non effacée'),
    );
  }
}

async function eraseAccount(tx: Database, account: repo.AccountRow, now: Date) {
  await revokeAllSessions(tx, account.id);
  await repo.deletePersonalRows(tx, account);
  await forgetStoryAuthor(tx, account.id);
  await deleteTicketsOfUser(tx, account.id);
  await cleanOptionalTables(tx, account.id);
  await repo.anonymiseUser(tx, account.id, now);
}
