/**
 * The sign-in calls (spec 1 §4): made without the session (they start or restore one), each a
 * function of its route's input. The sign-in screens call the server through these alone.
 */
import type { RequestOf, RouteName } from '@app/shared';
import { call } from './call';

const anonymous =
  <N extends RouteName>(name: N) =>
  (input: RequestOf<N>, opts: { signal?: AbortSignal } = {}) =>
    call(name, input, { ...opts, anonymous: true });

export const authCalls = {
  login: anonymous('auth.login'),
  register: anonymous('auth.register'),
  verifyOtp: anonymous('auth.verifyOtp'),
  resendOtp: anonymous('auth.resendOtp'),
  forgotPassword: anonymous('auth.forgotPassword'),
  resetPassword: anonymous('auth.resetPassword'),
  google: anonymous('auth.google'),
  googleCallback: anonymous('auth.googleCallback'),
};

/** The signed-in member's own profile, as the sign-in screens keep it on the device. */
export const fetchOwnProfile = () => call('profile.own', {});
