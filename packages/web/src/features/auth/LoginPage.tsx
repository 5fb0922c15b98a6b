/**
 * / and /login (spec 1 §2, §4 Login, §5, §8): e-mail + password, Google, links to sign-up and
 * to the password reset. Each outcome shows its message, then moves on after the spec's delay.
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from '../../lib/router';
import { useHydrated } from '../../lib/useHydrated';
import { authCalls } from '../../api/auth';
import { setToken } from '../../auth/session';
import { getDeviceHash } from '../../auth/deviceHash';
import { AuthLayout } from './AuthLayout';
import { EmailField } from './EmailField';
import { PasswordField } from './PasswordField';
import { FormMessage, type Notice } from '../../ui/FormMessage';
import { GoogleButton } from './GoogleButton';
import {
  credentialsError,
  DELAY_MS,
  failureText,
  nextRouteFor,
  readSession,
  storeOwnProfile,
} from './authFlow';
import { useLater } from './useLater';
import { AUTH_TEXT } from './texts';

export default function LoginPage() {
  const live = useHydrated();
  const navigate = useNavigate();
  const later = useLater();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  async function handleSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const invalid = credentialsError(email, password);
    if (invalid) return setNotice({ kind: 'error', text: invalid });
    setBusy(true);
    setNotice(null);
    const cleanEmail = email.trim().toLowerCase();
    const res = await authCalls.login({
      email: cleanEmail,
      password,
      device_hash: await getDeviceHash(),
    });
    const session = readSession(res.data);

    if (res.success && session && res.email_not_verified) {
      setToken(session.token);
      localStorage.removeItem('user');
      localStorage.setItem('user_email', cleanEmail);
      setNotice({ kind: 'info', text: AUTH_TEXT.emailNotVerified });
      later(
        () => navigate('/verify-otp', { state: { email: cleanEmail } }),
        DELAY_MS.loginRedirect,
      );
      return;
    }
    if (res.success && session) {
      setToken(session.token);
      await storeOwnProfile(cleanEmail);
      setNotice({ kind: 'success', text: res.message || AUTH_TEXT.loginSuccess });
      later(() => navigate(nextRouteFor(session), { replace: true }), DELAY_MS.loginSuccess);
      return;
    }
    if (!res.success && res.account_blocked) {
      const extra =
        res.message && res.message !== AUTH_TEXT.accountBlocked ? ` ${res.message}` : '';
      setNotice({ kind: 'error', text: `${AUTH_TEXT.accountBlocked}${extra}` });
      later(() => navigate('/blocked', { replace: true }), DELAY_MS.loginRedirect);
      return;
    }
    setBusy(false);
    setNotice({ kind: 'error', text: failureText(res, AUTH_TEXT.loginFailed) });
  }

  const showError = (text: string) => setNotice({ kind: 'error', text });
  const fieldsInvalid = notice?.kind === 'error' && !busy;

  return (
    <AuthLayout
      title={AUTH_TEXT.loginTitle}
      subtitle={AUTH_TEXT.loginSubtitle}
      footer={
        <p>
          {AUTH_TEXT.noAccount} <Link to="/signup">{AUTH_TEXT.toSignup}</Link>
        </p>
      }
    >
      <form className="auth-form" method="post" noValidate onSubmit={(e) => void handleSubmit(e)}>
        <EmailField
          name="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          invalid={fieldsInvalid && !email.trim()}
          disabled={busy}
        />
        <PasswordField
          label={AUTH_TEXT.passwordLabel}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          invalid={fieldsInvalid && !password}
          disabled={busy}
        />
        <div className="auth-forgot">
          <Link to="/forgot-password">{AUTH_TEXT.forgotLink}</Link>
        </div>
        <FormMessage notice={notice} />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy || !live}>
          {busy ? AUTH_TEXT.loginBusy : AUTH_TEXT.loginSubmit}
        </button>
      </form>
      <div className="auth-divider">
        <span>{AUTH_TEXT.or}</span>
      </div>
      <GoogleButton disabled={busy} onError={showError} />
    </AuthLayout>
  );
}
