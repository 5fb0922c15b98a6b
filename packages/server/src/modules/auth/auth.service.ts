/**
 * Sign-up, sign-in, e-mail codes, password reset and sign-out (spec 1 §4). Every action value
 * of the spec is produced here in the state it names. Device rule: see `register` below.
 */
import crypto from 'node:crypto';
import {
  AUTH_MSG,
  CODE_MAIL_MSG,
  DEVICE_HASH_MAX,
  type TAuthAction,
  type TAuthSession,
} from '@app/shared';
import type { ApiErrorCode, TRefusalExtras } from '@app/shared';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { blockedError } from '../../auth/auth.plugin.js';
import { createSession, revokeAllSessions, revokeSession } from '../../auth/session.repository.js';
import { assertCodeCooldownOver, checkCode, codeCooldownLeftS } from './codes.js';
import { hashPassword, isCommonPassword, verifyPassword } from './password.js';
import {
  dailyBonusGivenToday,
  giveDailyBonus,
  giveSignupGift,
  payReferralRewardIfDue,
} from './rewards.js';
import { codeLimits, loginAddressLimit, signupLimits, wrongPasswordLimits } from './auth.limits.js';
import { isDisposableEmail } from './disposable-email.js';
import * as users from './users.repository.js';
import type { UserRow } from './users.repository.js';
import { upsertUserDevice } from './devices.repository.js';
import { sendCodeMail, type QueuedPurpose } from './code-mail.js';

/** Refused sign-ups from one device within 30 days before its accounts are blocked. */
const DEVICE_REFUSALS_BEFORE_BLOCK = 3;

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const newInvitationCode = () =>
  Array.from(crypto.randomBytes(8), (b) => INVITE_ALPHABET[b % INVITE_ALPHABET.length]).join('');

/** What the account services use of the deps. */
export type AuthDeps = Pick<
  Deps,
  'db' | 'clock' | 'log' | 'limiter' | 'mailer' | 'realtime' | 'metrics'
>;

export function actionFor(
  user: Pick<UserRow, 'blocked_at' | 'email_verified_at' | 'profile_completed_at'>,
): TAuthAction {
  if (user.blocked_at) return 'account_blocked';
  if (!user.email_verified_at) return 'redirect_verify_otp';
  if (!user.profile_completed_at) return 'redirect_complete_profile';
  return 'redirect_home';
}

async function sessionFor(deps: AuthDeps, user: UserRow): Promise<TAuthSession> {
  const token = await createSession(deps.db, user.id);
  return { token, action: actionFor(user), profile_complete: !!user.profile_completed_at };
}

/**
 * Records the device a member signed up or signed in from, for the console's member page. No
 * device, nothing recorded; a failure is logged and never stops the sign-in.
 */
export async function recordDevice(deps: AuthDeps, userId: number, deviceHash: string | null) {
  const device = deviceHash?.trim().slice(0, DEVICE_HASH_MAX);
  if (!device) return;
  try {
    await upsertUserDevice(deps.db, userId, device, deps.clock.now());
  } catch (err) {
    deps.log.error({ err, userId }, 'appareil de connexion non enregistré');
  }
}

/** Mails a fresh code; false when the relay refused it (then queued, see code-mail.ts). */
const sendCode = (deps: AuthDeps, user: UserRow, purpose: QueuedPurpose) =>
  sendCodeMail(deps, user, purpose);

const deviceRefusal = (action: ApiErrorCode, message: string, extra: TRefusalExtras = {}) =>
  new AppError(action, message, { status: 403, extra: { action, ...extra } });

export interface RegisterInput {
  email: string;
  password: string;
  device_hash?: string | null;
  invitation_code?: string | null;
}

/**
 * Device rule (one account per device):
 * - a device with no account: the account is created;
 * - a device that already has an account: refused with device_already_registered, nothing created;
 * - the 3rd refused attempt from that device within 30 days: its accounts are blocked
 *   (account_blocked_multiple_creation);
 * - a device whose account is blocked: the new account is created but blocked at once
 *   (account_created_but_blocked), so it cannot be used to get around the block.
 */
export async function checkDevice(deps: AuthDeps, device: string | null, email: string) {
  if (!device) return undefined;
  const onDevice = await users.accountsOnDevice(deps.db, device);
  if (onDevice.some((u) => u.blocked_at)) return 'device_blocked';
  if (onDevice.length === 0) return undefined;
  const refusals = await users.recordDeviceRefusal(deps.db, device, email);
  if (refusals >= DEVICE_REFUSALS_BEFORE_BLOCK) {
    await users.blockUsers(
      deps.db,
      onDevice.map((u) => u.id),
      'multiple_accounts',
    );
    throw deviceRefusal('account_blocked_multiple_creation', AUTH_MSG.blockedMultiple, {
      account_blocked: true,
    });
  }
  throw deviceRefusal('device_already_registered', AUTH_MSG.deviceAlreadyRegistered);
}

export const createdButBlocked = () =>
  deviceRefusal('account_created_but_blocked', AUTH_MSG.accountBlocked, { account_blocked: true });

export async function register(deps: AuthDeps, ip: string, input: RegisterInput) {
  const device = input.device_hash || null;
  await deps.limiter.hit(...signupLimits(ip, input.email, device));
  if (isDisposableEmail(input.email)) {
    throw new AppError('validation', AUTH_MSG.disposableEmail, {
      fields: { email: [AUTH_MSG.disposableEmail] },
    });
  }
  if (isCommonPassword(input.password)) {
    throw new AppError('validation', AUTH_MSG.passwordTooCommon, {
      fields: { password: [AUTH_MSG.passwordTooCommon] },
    });
  }
  if (await users.findUserByEmail(deps.db, input.email)) {
    throw new AppError('email_taken', AUTH_MSG.emailTaken, {
      status: 409,
      fields: { email: [AUTH_MSG.emailTaken] },
    });
  }
  const blockReason = await checkDevice(deps, device, input.email);
  let referredBy: number | null = null;
  if (input.invitation_code) {
    referredBy =
      (await users.findUserIdByInvitationCode(deps.db, input.invitation_code.toUpperCase())) ??
      null;
    if (!referredBy) {
      const msg = "Code d'invitation invalide";
      throw new AppError('validation', msg, { fields: { invitation_code: [msg] } });
    }
  }
  const user = await users
    .insertUser(deps.db, {
      email: input.email,
      passwordHash: await hashPassword(input.password),
      deviceHash: device,
      invitationCode: newInvitationCode(),
      referredBy,
      blocked: blockReason,
    })
    .catch((err: { code?: string }) => {
      if (err.code === '23505') {
        throw new AppError('email_taken', AUTH_MSG.emailTaken, {
          status: 409,
          fields: { email: [AUTH_MSG.emailTaken] },
        });
      }
      throw err;
    });
  deps.metrics.signUp('email');
  // Also for an account created blocked: it exists, and moderators must see it on this device.
  await recordDevice(deps, user.id, device);
  if (blockReason) throw createdButBlocked();
  const mailSent = await sendCode(deps, user, 'verify');
  return { session: await sessionFor(deps, user), mailSent };
}

// Spend the same time on unknown e-mails as on real ones.
const DUMMY_HASH = hashPassword(crypto.randomBytes(16).toString('hex'));

export async function login(
  deps: AuthDeps,
  ip: string,
  input: { email: string; password: string; device_hash?: string | null },
) {
  await deps.limiter.hit(loginAddressLimit(ip));
  // Counted as wrong until the password proves right, so tries sent all at once cannot slip
  // past the limits while their hashes are checked; a right password takes its count back.
  const wrongPasswords = wrongPasswordLimits(ip, input.email);
  await deps.limiter.hit(...wrongPasswords);
  const user = await users.findUserByEmail(deps.db, input.email);
  const ok = await verifyPassword(user?.password_hash ?? (await DUMMY_HASH), input.password);
  if (!user || !ok) throw new AppError('bad_credentials', AUTH_MSG.badCredentials, { status: 401 });
  await deps.limiter.release(...wrongPasswords);
  if (user.blocked_at) throw blockedError();
  if (!user.email_verified_at) {
    const wait = await codeCooldownLeftS(deps.db, user.id, 'verify', deps.clock.now());
    if (wait === 0) await sendCode(deps, user, 'verify');
  } else {
    await grantDailyBonusOnce(deps, user.id);
  }
  await recordDevice(deps, user.id, input.device_hash ?? null);
  return { session: await sessionFor(deps, user), emailNotVerified: !user.email_verified_at };
}

export async function grantDailyBonusOnce(
  deps: Pick<Deps, 'db' | 'clock' | 'metrics' | 'realtime'>,
  userId: number,
) {
  const now = deps.clock.now();
  if (await dailyBonusGivenToday(deps.db, userId, now)) return;
  await deps.db.transaction().execute((tx) => giveDailyBonus(tx, userId, now, deps.metrics));
}

const otpLimits = (deps: AuthDeps, ip: string, email: string, what: string) =>
  deps.limiter.hit(...codeLimits(what, ip, email));

/**
 * Answers the inviter paid now, if any: the referral reward usually waits for the completed
 * profile (profiles module), and is paid here only when the profile was completed first.
 */
export async function verifyOtp(
  deps: AuthDeps,
  ip: string,
  input: { email: string; otp_code: string },
) {
  await otpLimits(deps, ip, input.email, 'otp');
  const user = await users.findUserByEmail(deps.db, input.email);
  let referrerPaid: number | null = null;
  const result = user
    ? await deps.db.transaction().execute(async (tx) => {
        const check = await checkCode(tx, user.id, 'verify', input.otp_code, deps.clock.now());
        if (check !== 'ok') return check;
        await users.markEmailVerified(tx, user.id);
        await giveSignupGift(tx, user.id, deps.metrics);
        referrerPaid = await payReferralRewardIfDue(tx, user.id, deps.metrics);
        return check;
      })
    : 'incorrect';
  if (result === 'expired') {
    throw new AppError('otp_expired', AUTH_MSG.otpExpired, {
      extra: { otp_expired: true },
    });
  }
  if (result === 'incorrect') {
    throw new AppError('otp_incorrect', AUTH_MSG.otpIncorrect);
  }
  return referrerPaid;
}

/** Same answer whether or not the e-mail exists or is already verified. */
export async function resendOtp(deps: AuthDeps, ip: string, email: string) {
  await otpLimits(deps, ip, email, 'resend');
  const user = await users.findUserByEmail(deps.db, email);
  if (!user || user.email_verified_at || user.blocked_at) return;
  await assertCodeCooldownOver(deps.db, user.id, 'verify', deps.clock.now());
  // Said, not hidden: the member may ask again at once (the lost code set no cooldown).
  if (!(await sendCode(deps, user, 'verify')))
    throw new AppError('mail_failed', CODE_MAIL_MSG.codeMailFailed, { status: 503 });
}

export async function forgotPassword(deps: AuthDeps, ip: string, email: string) {
  await otpLimits(deps, ip, email, 'forgot');
  const user = await users.findUserByEmail(deps.db, email);
  if (!user || user.blocked_at) return;
  if ((await codeCooldownLeftS(deps.db, user.id, 'reset', deps.clock.now())) > 0) return;
  await sendCode(deps, user, 'reset');
}

export async function resetPassword(
  deps: AuthDeps,
  ip: string,
  input: { email: string; code: string; password: string },
) {
  await otpLimits(deps, ip, input.email, 'reset');
  if (isCommonPassword(input.password)) {
    throw new AppError('validation', AUTH_MSG.passwordTooCommon, {
      fields: { password: [AUTH_MSG.passwordTooCommon] },
    });
  }
  const user = await users.findUserByEmail(deps.db, input.email);
  const hash = await hashPassword(input.password);
  const ok = user
    ? await deps.db.transaction().execute(async (tx) => {
        if ((await checkCode(tx, user.id, 'reset', input.code, deps.clock.now())) !== 'ok')
          return false;
        await users.setPasswordHash(tx, user.id, hash);
        await users.markEmailVerified(tx, user.id);
        await revokeAllSessions(tx, user.id);
        return true;
      })
    : false;
  if (!ok) throw new AppError('reset_invalid', AUTH_MSG.resetInvalid);
}

/** The session ends; its revocation announces itself (its sockets close on every copy). */
export async function logout(deps: AuthDeps, token: string) {
  await revokeSession(deps.db, token);
}

export { sessionFor };
