/** Sign-up, sign-in, e-mail codes, password reset, sign-out and the auth status (spec 1 §7). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTH_MSG,
  DEVICE_HASH_MAX,
  REFERRAL_REWARD_COINS,
  ZForgotPasswordRequest,
  ZLoginRequest,
  ZRegisterRequest,
  ZResendOtpRequest,
  ZResetPasswordRequest,
  ZVerifyOtpRequest,
} from '@app/shared';
import { authCtx } from './auth.context.js';
import * as auth from './auth.service.js';
import { findUserById } from './users.repository.js';
import { presentOwnProfile } from '../profiles/profile.presenter.js';
import { requireUser } from '../../auth/require-user.js';
import { AppError } from '../../errors.js';
import { ZGoogleCallbackRequest } from '@app/shared';
import { signInWithGoogle } from './google.service.js';

const ZToken = z.object({ token: z.string().optional() }).passthrough();

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/register',
    { schema: { body: ZRegisterRequest, tags: ['auth'] } },
    async (req, reply) => {
      const session = await auth.register(authCtx(app, req), req.body);
      return reply.status(201).send({
        success: true,
        message: AUTH_MSG.signupSuccess,
        action: session.action,
        data: session,
      });
    },
  );

  app.post('/login', { schema: { body: ZLoginRequest, tags: ['auth'] } }, async (req) => {
    const { session, emailNotVerified } = await auth.login(authCtx(app, req), req.body);
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

  app.post('/verify-otp', { schema: { body: ZVerifyOtpRequest, tags: ['auth'] } }, async (req) => {
    const { referrerId, referralPaid } = await auth.verifyOtp(authCtx(app, req), req.body);
    if (referrerId && referralPaid) {
      // No name: the new member has none yet, and a piece of their e-mail is not for sharing.
      await app.notify(referrerId, 'referral_signup', {});
      await app.notify(referrerId, 'referral_reward', { coins_earned: REFERRAL_REWARD_COINS });
    }
    return { success: true, message: AUTH_MSG.otpVerified, action: 'redirect_complete_profile' };
  });

  app.post('/resend-otp', { schema: { body: ZResendOtpRequest, tags: ['auth'] } }, async (req) => {
    await auth.resendOtp(authCtx(app, req), req.body.email);
    return { success: true, message: AUTH_MSG.otpSent };
  });

  app.post(
    '/password/forgot',
    { schema: { body: ZForgotPasswordRequest, tags: ['auth'] } },
    async (req) => {
      await auth.forgotPassword(authCtx(app, req), req.body.email);
      return { success: true, message: AUTH_MSG.resetSent };
    },
  );

  app.post(
    '/password/reset',
    { schema: { body: ZResetPasswordRequest, tags: ['auth'] } },
    async (req) => {
      await auth.resetPassword(authCtx(app, req), req.body);
      return { success: true, message: AUTH_MSG.resetDone };
    },
  );

  app.post(
    '/logout',
    { schema: { body: ZToken.optional(), tags: ['auth'] }, preValidation: app.authenticate },
    async (req) => {
      if (req.sessionToken) await auth.logout(authCtx(app, req), req.sessionToken);
      return { success: true, message: AUTH_MSG.logoutDone };
    },
  );

  app.get(
    '/auth/google',
    {
      schema: {
        querystring: z.object({ device_hash: z.string().max(DEVICE_HASH_MAX).optional() }),
        tags: ['auth'],
      },
    },
    async (req, reply) => {
      if (!app.googleAuth)
        return reply.status(503).send({ success: false, message: AUTH_MSG.googleInit });
      const { redirectUrl } = await app.googleAuth.start(req.query.device_hash ?? null);
      return { success: true, redirect_url: redirectUrl };
    },
  );

  app.post(
    '/auth/google/callback',
    { schema: { body: ZGoogleCallbackRequest, tags: ['auth'] } },
    async (req) => {
      if (!app.googleAuth)
        throw new AppError('google_unconfigured', AUTH_MSG.googleInit, { status: 503 });
      const identity = await app.googleAuth.finish({ code: req.body.code, state: req.body.state });
      const session = await signInWithGoogle(
        authCtx(app, req),
        identity,
        req.body.device_hash ?? null,
      );
      return {
        success: true,
        message: AUTH_MSG.loginSuccess,
        action: session.action,
        data: session,
      };
    },
  );

  app.post(
    '/verify-auth-status',
    { schema: { body: ZToken.optional(), tags: ['auth'] }, preValidation: app.authenticate },
    async (req) => {
      const ctx = authCtx(app, req);
      const user = await findUserById(app.db, requireUser(req).id);
      if (!user) return { success: false, action: 'redirect_login', profile_complete: false };
      const action = auth.actionFor(user);
      if (action === 'redirect_home') await auth.grantDailyBonusOnce(ctx, user.id);
      return {
        success: true,
        action,
        profile_complete: !!user.profile_completed_at,
        user: await presentOwnProfile(app, user),
        email: user.email,
      };
    },
  );
}
