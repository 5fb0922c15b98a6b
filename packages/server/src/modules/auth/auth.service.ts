/**
 * Sign-up, sign-in, e-mail codes, password reset and sign-out (spec 1 §4). Every action value
 * of the spec is produced here in the state it names. Device rule: see `register` below.
 */
import crypto from 'node:crypto';
import {
  AUTH_MSG,
  DEVICE_HASH_MAX,
  OTP_RESEND_COOLDOWN_S,
  type TAuthAction,
  type TAuthSession,
} from '@app/shared';
import { AppError } from '../../errors.js';
import { blockedError } from '../../auth/auth.plugin.js';
import { createSession, revokeAllSessions, revokeSession } from '../../auth/session.repository.js';
import type { AuthCtx } from './auth.context.js';
import { checkCode, issueCode, secondsSinceLastCode, type CodePurpose } from './codes.js';
import { hashPassword, isCommonPassword, verifyPassword } from './password.js';
import {
  dailyBonusGivenToday,
  giveDailyBonus,
  giveSignupGift,
  payReferralReward,
} from './rewards.js';
import * as users from './users.repository.js';
import type { UserRow } from './users.repository.js';
import { upsertUserDevice } from './devices.repository.js';
import { otpMail, passwordResetMail } from '../../adapters/mail/index.js';

/** Refused sign-ups from one device within 30 days before its accounts are blocked. */
export const DEVICE_REFUSALS_BEFORE_BLOCK = 3;
const LIMIT_WINDOW_S = 15 * 60;

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const newInvitationCode = () =>
  Array.from(crypto.randomBytes(8), (b) => INVITE_ALPHABET[b % INVITE_ALPHABET.length]).join('');

export function actionFor(
  user: Pick<UserRow, 'blocked_at' | 'email_verified_at' | 'profile_completed_at'>,
): TAuthAction {
  if (user.blocked_at) return 'account_blocked';
  if (!user.email_verified_at) return 'redirect_verify_otp';
  if (!user.profile_completed_at) return 'redirect_complete_profile';
  return 'redirect_home';
}

async function sessionFor(ctx: AuthCtx, user: UserRow): Promise<TAuthSession> {
  const token = await createSession(ctx.db, user.id);
  return { token, action: actionFor(user), profile_complete: !!user.profile_completed_at };
}

/**
 * Records the device a member signed up or signed in from, for the console's member page. No
 * device, nothing recorded; a failure is logged and never stops the sign-in.
 */
export async function recordDevice(ctx: AuthCtx, userId: number, deviceHash: string | null) {
  const device = deviceHash?.trim().slice(0, DEVICE_HASH_MAX);
  if (!device) return;
  try {
    await upsertUserDevice(ctx.db, userId, device, ctx.now);
  } catch (err) {
    ctx.log.error({ err, userId }, 'appareil de connexion non enregistré');
  }
}

async function sendCode(ctx: AuthCtx, user: UserRow, purpose: CodePurpose) {
  const code = await issueCode(ctx.db, user.id, purpose, ctx.now);
  const mail = purpose === 'verify' ? otpMail(code) : passwordResetMail(code);
  try {
    await ctx.sendMail({ to: user.email, ...mail });
  } catch (err) {
    // The member can ask for a new code; the account itself is saved.
    ctx.log.error({ err, userId: user.id, purpose }, 'envoi du mail impossible');
  }
}

const deviceRefusal = (action: string, message: string, extra: Record<string, unknown> = {}) =>
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
export async function checkDevice(ctx: AuthCtx, device: string | null, email: string) {
  if (!device) return undefined;
  const onDevice = await users.accountsOnDevice(ctx.db, device);
  if (onDevice.some((u) => u.blocked_at)) return 'device_blocked';
  if (onDevice.length === 0) return undefined;
  const refusals = await users.recordDeviceRefusal(ctx.db, device, email);
  if (refusals >= DEVICE_REFUSALS_BEFORE_BLOCK) {
    await users.blockUsers(
      ctx.db,
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

export async function register(ctx: AuthCtx, input: RegisterInput) {
  await ctx.limiter.hit({ key: `register:ip:${ctx.ip}`, max: 10, windowS: 3600 });
  if (isCommonPassword(input.password)) {
    throw new AppError('validation', AUTH_MSG.passwordTooCommon, {
      fields: { password: [AUTH_MSG.passwordTooCommon] },
    });
  }
  if (await users.findUserByEmail(ctx.db, input.email)) {
    throw new AppError('email_taken', AUTH_MSG.emailTaken, {
      status: 409,
      fields: { email: [AUTH_MSG.emailTaken] },
    });
  }
  const device = input.device_hash || null;
  const blockReason = await checkDevice(ctx, device, input.email);
  let referredBy: number | null = null;
  if (input.invitation_code) {
    referredBy =
      (await users.findUserIdByInvitationCode(ctx.db, input.invitation_code.toUpperCase())) ?? null;
    if (!referredBy) {
      const msg = "Code d'invitation invalide";
      throw new AppError('validation', msg, { fields: { invitation_code: [msg] } });
    }
  }
  const user = await users
    .insertUser(ctx.db, {
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
  // Also for an account created blocked: it exists, and moderators must see it on this device.
  await recordDevice(ctx, user.id, device);
  if (blockReason) throw createdButBlocked();
  await sendCode(ctx, user, 'verify');
  return sessionFor(ctx, user);
}

// Spend the same time on unknown e-mails as on real ones.
const DUMMY_HASH = hashPassword(crypto.randomBytes(16).toString('hex'));

export async function login(
  ctx: AuthCtx,
  input: { email: string; password: string; device_hash?: string | null },
) {
  await ctx.limiter.hit(
    { key: `login:ip:${ctx.ip}`, max: 30, windowS: LIMIT_WINDOW_S },
    { key: `login:acct:${input.email}`, max: 10, windowS: LIMIT_WINDOW_S },
  );
  const user = await users.findUserByEmail(ctx.db, input.email);
  const ok = await verifyPassword(user?.password_hash ?? (await DUMMY_HASH), input.password);
  if (!user || !ok) throw new AppError('bad_credentials', AUTH_MSG.badCredentials, { status: 401 });
  if (user.blocked_at) throw blockedError();
  if (!user.email_verified_at) {
    const since = await secondsSinceLastCode(ctx.db, user.id, 'verify', ctx.now);
    if (since === null || since >= OTP_RESEND_COOLDOWN_S) await sendCode(ctx, user, 'verify');
  } else {
    await grantDailyBonusOnce(ctx, user.id);
  }
  await recordDevice(ctx, user.id, input.device_hash ?? null);
  return { session: await sessionFor(ctx, user), emailNotVerified: !user.email_verified_at };
}

export async function grantDailyBonusOnce(ctx: Pick<AuthCtx, 'db' | 'now'>, userId: number) {
  if (await dailyBonusGivenToday(ctx.db, userId, ctx.now)) return;
  await ctx.db.transaction((tx) => giveDailyBonus(tx, userId, ctx.now));
}

const otpLimits = (ctx: AuthCtx, email: string, what: string) =>
  ctx.limiter.hit(
    { key: `${what}:ip:${ctx.ip}`, max: 30, windowS: LIMIT_WINDOW_S },
    { key: `${what}:acct:${email}`, max: 10, windowS: LIMIT_WINDOW_S },
  );

export async function verifyOtp(ctx: AuthCtx, input: { email: string; otp_code: string }) {
  await otpLimits(ctx, input.email, 'otp');
  const user = await users.findUserByEmail(ctx.db, input.email);
  let referralPaid = false;
  const result = user
    ? await ctx.db.transaction(async (tx) => {
        const check = await checkCode(tx, user.id, 'verify', input.otp_code, ctx.now);
        if (check !== 'ok') return check;
        await users.markEmailVerified(tx, user.id);
        await giveSignupGift(tx, user.id);
        if (user.referred_by)
          referralPaid = (await payReferralReward(tx, user.referred_by, user.id)).applied;
        return check;
      })
    : 'incorrect';
  if (result === 'expired') {
    throw new AppError('otp_expired', AUTH_MSG.otpExpired, {
      extra: { otp_expired: true, error: 'otp_expired' },
    });
  }
  if (result === 'incorrect') {
    throw new AppError('otp_incorrect', AUTH_MSG.otpIncorrect, {
      extra: { error: 'otp_incorrect' },
    });
  }
  return { referrerId: user?.referred_by ?? null, referralPaid };
}

/** Same answer whether or not the e-mail exists or is already verified. */
export async function resendOtp(ctx: AuthCtx, email: string) {
  await otpLimits(ctx, email, 'resend');
  const user = await users.findUserByEmail(ctx.db, email);
  if (!user || user.email_verified_at || user.blocked_at) return;
  await enforceCooldown(ctx, user, 'verify');
  await sendCode(ctx, user, 'verify');
}

async function enforceCooldown(ctx: AuthCtx, user: UserRow, purpose: CodePurpose) {
  const since = await secondsSinceLastCode(ctx.db, user.id, purpose, ctx.now);
  if (since !== null && since < OTP_RESEND_COOLDOWN_S) {
    throw new AppError('otp_cooldown', AUTH_MSG.otpResendWait, {
      status: 429,
      extra: { retry_after: Math.ceil(OTP_RESEND_COOLDOWN_S - since) },
    });
  }
}

export async function forgotPassword(ctx: AuthCtx, email: string) {
  await otpLimits(ctx, email, 'forgot');
  const user = await users.findUserByEmail(ctx.db, email);
  if (!user || user.blocked_at) return;
  const since = await secondsSinceLastCode(ctx.db, user.id, 'reset', ctx.now);
  if (since !== null && since < OTP_RESEND_COOLDOWN_S) return;
  await sendCode(ctx, user, 'reset');
}

export async function resetPassword(
  ctx: AuthCtx,
  input: { email: string; code: string; password: string },
) {
  await otpLimits(ctx, input.email, 'reset');
  if (isCommonPassword(input.password)) {
    throw new AppError('validation', AUTH_MSG.passwordTooCommon, {
      fields: { password: [AUTH_MSG.passwordTooCommon] },
    });
  }
  const user = await users.findUserByEmail(ctx.db, input.email);
  const hash = await hashPassword(input.password);
  const ok = user
    ? await ctx.db.transaction(async (tx) => {
        if ((await checkCode(tx, user.id, 'reset', input.code, ctx.now)) !== 'ok') return false;
        await users.setPasswordHash(tx, user.id, hash);
        await users.markEmailVerified(tx, user.id);
        await revokeAllSessions(tx, user.id);
        return true;
      })
    : false;
  if (!ok) throw new AppError('reset_invalid', AUTH_MSG.resetInvalid);
}

export const logout = (ctx: AuthCtx, token: string) => revokeSession(ctx.db, token);

export { sessionFor };
