/**
 * What the sign-in screens share: the client-side checks of spec 1 §5, reading the session
 * answer of /login, /register and the Google callback, and where a fresh session goes next.
 */
import { OTP_LENGTH, type TAuthSession } from '@app/shared';
import { serverWords, type ApiResult } from '../../api/client';
import { fetchOwnProfile } from '../../api/auth';
import { AUTH_TEXT } from './texts';

/** Same shape as the server's check (x@y.z), without pulling zod into the first screen. */
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isEmail = (value: string) => EMAIL_RE.test(value.trim());

const OTP_RE = new RegExp(`^\\d{${OTP_LENGTH}}$`);
export const isOtpCode = (value: string) => OTP_RE.test(value);

export function credentialsError(email: string, password: string): string | null {
  if (!email.trim() || !password) return AUTH_TEXT.fillAll;
  if (!isEmail(email)) return AUTH_TEXT.invalidEmail;
  return null;
}

/** The session of a sign-in answer, or null when it carries no token. */
export function readSession(data: Partial<TAuthSession> | undefined): TAuthSession | null {
  if (!data) return null;
  const { token, action, profile_complete } = data;
  if (typeof token !== 'string' || !token) return null;
  return {
    token,
    action: action ?? 'redirect_home',
    profile_complete: profile_complete === true,
  };
}

/** redirect_complete_profile or an incomplete profile → the wizard; otherwise the feed. */
export function nextRouteFor(session: Pick<TAuthSession, 'action' | 'profile_complete'>) {
  return session.action === 'redirect_complete_profile' || !session.profile_complete
    ? '/step1'
    : '/home';
}

/** Keeps the member's own profile and e-mail beside the token (spec 1 §3, §4 Login). */
export async function storeOwnProfile(email?: string) {
  if (email) localStorage.setItem('user_email', email);
  const res = await fetchOwnProfile();
  if (!res.success || !res.data) return;
  localStorage.setItem('user', JSON.stringify(res.data));
  if (!email && res.data.email) {
    localStorage.setItem('user_email', res.data.email);
  }
}

/** The message to show for a failed call: network, then first field error, then fallback. */
export function failureText(res: ApiResult<unknown>, fallback: string): string {
  if (res.httpStatus === 0) return AUTH_TEXT.serverConnection;
  // A gateway error without our JSON would read 'Erreur 502: Bad Gateway': say it in our words.
  return serverWords(res, fallback);
}

/** The spec's post-message delays before moving on (spec 1 §4). */
export const DELAY_MS = {
  loginSuccess: 1200,
  loginRedirect: 2000,
  signupVerify: 2000,
  signupBlocked: 3000,
  otpSuccess: 2000,
  googleSuccess: 500,
  resendMessage: 5000,
} as const;
