/**
 * Sign-up, sign-in, e-mail codes, password reset and sign-out (spec 1 §7), registered from the
 * shared route table (contract/auth.ts). The auth status (/verify-auth-status) answers the
 * member's own profile: it lives with the profiles module.
 *
 * Google: the table describes the JSON answers; the start and the callback also set and clear
 * the cookie binding the provider's state to this browser, on the reply.
 */
import type { FastifyInstance } from 'fastify';
import { AUTH_MSG, CODE_MAIL_MSG } from '@app/shared';
import { withLog } from '../../deps.js';
import { contractRoute } from '../../http/contract-route.js';
import { AppError } from '../../errors.js';
import * as auth from './auth.service.js';
import { signInWithGoogle } from './google.service.js';
import { announceReferralReward } from './rewards.js';
import { bindStateToBrowser, forgetBrowserState, isStateOfThisBrowser } from './google-browser.js';

export async function authRoutes(app: FastifyInstance) {
  contractRoute(app, 'auth.register', async (body, req) => {
    const { session, mailSent } = await auth.register(withLog(app.deps, req.log), req.ip, body);
    return {
      success: true,
      message: mailSent ? AUTH_MSG.signupSuccess : CODE_MAIL_MSG.signupCodeNotSent,
      action: session.action,
      mail_sent: mailSent,
      data: session,
    };
  });

  contractRoute(app, 'auth.login', async (body, req) => {
    const { session, emailNotVerified } = await auth.login(
      withLog(app.deps, req.log),
      req.ip,
      body,
    );
    return emailNotVerified
      ? {
          success: true,
          email_not_verified: true,
          message: AUTH_MSG.emailNotVerified,
          action: session.action,
          data: session,
        }
      : { success: true, message: AUTH_MSG.loginSuccess, action: session.action, data: session };
  });

  contractRoute(app, 'auth.verifyOtp', async (body, req) => {
    const referrerPaid = await auth.verifyOtp(withLog(app.deps, req.log), req.ip, body);
    await announceReferralReward(app.deps.notify, referrerPaid);
    return {
      success: true,
      message: AUTH_MSG.otpVerified,
      action: 'redirect_complete_profile' as const,
    };
  });

  contractRoute(app, 'auth.resendOtp', async ({ email }, req) => {
    await auth.resendOtp(withLog(app.deps, req.log), req.ip, email);
    return { success: true, message: AUTH_MSG.otpSent };
  });

  contractRoute(app, 'auth.forgotPassword', async ({ email }, req) => {
    await auth.forgotPassword(withLog(app.deps, req.log), req.ip, email);
    return { success: true, message: AUTH_MSG.resetSent };
  });

  contractRoute(app, 'auth.resetPassword', async (body, req) => {
    await auth.resetPassword(withLog(app.deps, req.log), req.ip, body);
    return { success: true, message: AUTH_MSG.resetDone };
  });

  contractRoute(app, 'auth.logout', async (_input, req) => {
    if (req.sessionToken) await auth.logout(app.deps, req.sessionToken);
    return { success: true, message: AUTH_MSG.logoutDone };
  });

  contractRoute(app, 'auth.google', async ({ device_hash }, _req, reply) => {
    const google = app.deps.googleAuth;
    if (!google) throw new AppError('google_unconfigured', AUTH_MSG.googleInit, { status: 503 });
    const { redirectUrl, state } = await google.start(device_hash ?? null);
    bindStateToBrowser(reply, state, app.deps.config.publicUrl.startsWith('https:'));
    return { success: true, redirect_url: redirectUrl };
  });

  contractRoute(app, 'auth.googleCallback', async (body, req, reply) => {
    const google = app.deps.googleAuth;
    if (!google) throw new AppError('google_unconfigured', AUTH_MSG.googleInit, { status: 503 });
    forgetBrowserState(reply);
    // Before the state is taken: a forced callback must not spend the real browser's flow.
    if (!isStateOfThisBrowser(req, body.state)) {
      throw new AppError('google_failed', AUTH_MSG.googleFailed, { status: 400 });
    }
    const identity = await google.finish({ code: body.code, state: body.state });
    const session = await signInWithGoogle(
      withLog(app.deps, req.log),
      identity,
      body.device_hash ?? null,
    );
    return {
      success: true,
      message: AUTH_MSG.loginSuccess,
      action: session.action,
      data: session,
    };
  });
}
