/**
 * Google sign-in: a verified Google e-mail signs in the account with that Google id or e-mail
 * (linking it), or creates one with the e-mail already verified and the signup gift. A new
 * account obeys the same device rule as the e-mail sign-up. Linking an account whose e-mail was
 * never verified takes it over: its password is erased and its sessions end, since whoever
 * registered that e-mail never proved they own it; it gets the signup gift the code would have
 * given.
 */
import { AppError } from '../../errors.js';
import { blockedError } from '../../auth/auth.plugin.js';
import { revokeAllSessions } from '../../auth/session.repository.js';
import type { GoogleIdentity } from '../../adapters/google/index.js';
import { AUTH_MSG } from '@app/shared';
import {
  checkDevice,
  createdButBlocked,
  type AuthDeps,
  grantDailyBonusOnce,
  newInvitationCode,
  recordDevice,
  sessionFor,
} from './auth.service.js';
import { giveSignupGift } from './rewards.js';
import * as users from './users.repository.js';

export async function signInWithGoogle(
  deps: AuthDeps,
  id: GoogleIdentity,
  deviceHash: string | null,
) {
  if (!id.emailVerified)
    throw new AppError('google_failed', AUTH_MSG.googleFailed, { status: 401 });
  const email = id.email.trim().toLowerCase();
  let user =
    (await users.findUserByGoogleSub(deps.db, id.sub)) ??
    (await users.findUserByEmail(deps.db, email));
  if (user) {
    if (user.blocked_at) throw blockedError();
    const linking = user;
    if (!linking.google_sub) {
      await deps.db.transaction().execute(async (tx) => {
        // An e-mail never verified was perhaps registered by someone else beforehand (account
        // pre-hijacking): their password and sessions must not survive the real owner's arrival.
        if (!(await users.linkGoogle(tx, linking.id, id.sub))) return false;
        await revokeAllSessions(tx, linking.id);
        await giveSignupGift(tx, linking.id, deps.metrics);
        return true;
      });
    }
    user = (await users.findUserById(deps.db, user.id)) ?? user;
    await grantDailyBonusOnce(deps, user.id);
    await recordDevice(deps, user.id, deviceHash || id.deviceHash);
    return sessionFor(deps, user);
  }
  const device = deviceHash || id.deviceHash;
  const blockReason = await checkDevice(deps, device, email);
  const created = await deps.db.transaction().execute(async (tx) => {
    const row = await users.insertUser(tx, {
      email,
      passwordHash: null,
      deviceHash: device,
      invitationCode: newInvitationCode(),
      referredBy: null,
      googleSub: id.sub,
      verified: true,
      blocked: blockReason,
      name: id.name,
    });
    if (!blockReason) await giveSignupGift(tx, row.id, deps.metrics);
    return row;
  });
  deps.metrics.signUp('google');
  await recordDevice(deps, created.id, device);
  if (blockReason) throw createdButBlocked();
  return sessionFor(deps, created);
}
