/**
 * Sign-in calls (spec 1 §4, §7): sign-up, sign-in, e-mail codes, password reset, sign-out,
 * Google, and the auth status. The session answers carry `action` at the top level as well as
 * in `data` (the spec's client reads both).
 *
 * The Google pair also works through the browser: GET /auth/google binds the provider's state to
 * this browser with a cookie, and the callback clears it. The table describes their JSON answers;
 * the cookies are set on the reply by the handler.
 */
import { z } from 'zod';
import { envelopeOf } from '../envelope.js';
import { AUTH_ACTIONS } from '../auth-rules.js';
import {
  ZAuthSession,
  ZForgotPasswordRequest,
  ZGoogleCallbackRequest,
  ZGoogleStartQuery,
  ZLoginRequest,
  ZRegisterRequest,
  ZResendOtpRequest,
  ZResetPasswordRequest,
  ZSessionOnlyRequest,
  ZVerifyOtpRequest,
} from '../auth.js';
import { ZOwnProfile } from '../account.js';
import { defineRoute } from './define.js';

const action = () => z.enum(AUTH_ACTIONS);
const ZSessionAnswer = () => envelopeOf(ZAuthSession).extend({ action: action() });
const ZMessageOnly = () => envelopeOf(z.never());

const DEVICE_REFUSALS = [
  'account_blocked',
  'account_blocked_multiple_creation',
  'account_created_but_blocked',
  'device_already_registered',
] as const;

export const authRoutes = {
  'auth.register': defineRoute('auth.register', {
    request: ZRegisterRequest,
    // mail_sent false: the account is made but the relay refused the code mail (issue 29).
    response: ZSessionAnswer().extend({ mail_sent: z.boolean().optional() }),
    status: 201,
    errors: ['validation', 'rate_limited', 'email_taken', ...DEVICE_REFUSALS],
  }),
  'auth.login': defineRoute('auth.login', {
    request: ZLoginRequest,
    // email_not_verified: signed in, but the e-mail code is still to be entered.
    response: ZSessionAnswer().extend({ email_not_verified: z.boolean().optional() }),
    errors: ['validation', 'rate_limited', 'bad_credentials', 'account_blocked'],
  }),
  'auth.verifyOtp': defineRoute('auth.verifyOtp', {
    request: ZVerifyOtpRequest,
    response: ZMessageOnly().extend({ action: action() }),
    errors: ['validation', 'rate_limited', 'otp_expired', 'otp_incorrect', 'not_found'],
  }),
  'auth.resendOtp': defineRoute('auth.resendOtp', {
    request: ZResendOtpRequest,
    response: ZMessageOnly(),
    errors: ['validation', 'rate_limited', 'otp_cooldown', 'mail_failed'],
  }),
  'auth.forgotPassword': defineRoute('auth.forgotPassword', {
    request: ZForgotPasswordRequest,
    response: ZMessageOnly(),
    errors: ['validation', 'rate_limited', 'otp_cooldown', 'mail_failed'],
  }),
  'auth.resetPassword': defineRoute('auth.resetPassword', {
    request: ZResetPasswordRequest,
    response: ZMessageOnly(),
    errors: ['validation', 'rate_limited', 'reset_invalid'],
  }),
  'auth.logout': defineRoute('auth.logout', {
    request: ZSessionOnlyRequest,
    response: ZMessageOnly(),
    errors: [],
  }),
  'auth.google': defineRoute('auth.google', {
    request: ZGoogleStartQuery,
    response: ZMessageOnly().extend({ redirect_url: z.string() }),
    errors: ['validation', 'google_unconfigured', 'google_unavailable'],
  }),
  'auth.googleCallback': defineRoute('auth.googleCallback', {
    request: ZGoogleCallbackRequest,
    response: ZSessionAnswer(),
    errors: [
      'validation',
      'google_failed',
      'google_unavailable',
      'google_unconfigured',
      ...DEVICE_REFUSALS,
    ],
  }),
  /** Where the signed-in member stands; `success: false` with redirect_login: account gone. */
  'auth.status': defineRoute('auth.status', {
    request: ZSessionOnlyRequest,
    response: ZMessageOnly().extend({
      action: action(),
      profile_complete: z.boolean(),
      user: ZOwnProfile.optional(),
      email: z.string().optional(),
    }),
    errors: [],
  }),
};
