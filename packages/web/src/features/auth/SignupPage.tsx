/**
 * /signup (spec 1 §2, §4 Signup, §5, §8): e-mail, password, an optional invitation code behind a
 * button (pre-filled from ?code=), Google, the terms and a way back to login.
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from '../../lib/router';
import { useHydrated } from '../../lib/useHydrated';
import { PASSWORD_MIN_LENGTH } from '@app/shared';

import { authCalls } from '../../api/auth';
import type { CallResult } from '../../api/client';
import { setToken } from '../../auth/session';
import { getDeviceHash } from '../../auth/deviceHash';
import { AuthLayout } from './AuthLayout';
import { EmailField } from './EmailField';
import { PasswordField } from './PasswordField';
import { Field } from '../../ui/Field';
import { FormMessage, type Notice } from '../../ui/FormMessage';
import { GoogleButton } from './GoogleButton';
import { credentialsError, DELAY_MS, failureText, readSession } from './authFlow';
import { useLater } from './useLater';
import { AUTH_TEXT } from './texts';

/** Outcomes that end on /blocked after a 3 s message (spec 1 §4 Signup). */
const BLOCKED_ACTIONS: Record<string, string> = {
  account_blocked_multiple_creation: AUTH_TEXT.blockedMultiple,
  account_created_but_blocked: AUTH_TEXT.accountBlocked,
};

function signupError(email: string, password: string): string | null {
  return (
    credentialsError(email, password) ??
    (password.length < PASSWORD_MIN_LENGTH ? AUTH_TEXT.passwordTooShort : null)
  );
}

export default function SignupPage() {
  const live = useHydrated();
  const navigate = useNavigate();
  const later = useLater();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState(() => params.get('code')?.trim() ?? '');
  const [showCode, setShowCode] = useState(() => !!params.get('code')?.trim());
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [badFields, setBadFields] = useState<string[]>([]);

  async function handleSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const invalid = signupError(email, password);
    setBadFields(invalid ? invalidFields(email, password) : []);
    if (invalid) return setNotice({ kind: 'error', text: invalid });
    setBusy(true);
    setNotice(null);
    const cleanEmail = email.trim().toLowerCase();
    const res = await authCalls.register({
      email: cleanEmail,
      password,
      device_hash: await getDeviceHash(),
      invitation_code: code.trim() || null,
    });
    handleAnswer(res, cleanEmail);
  }

  function handleAnswer(res: CallResult<'auth.register'>, cleanEmail: string) {
    const action = res.action ?? '';
    const blockedText = BLOCKED_ACTIONS[action];
    if (blockedText) {
      setNotice({ kind: 'error', text: res.message || blockedText });
      later(() => navigate('/blocked', { replace: true }), DELAY_MS.signupBlocked);
      return;
    }
    const session = readSession(res.data);
    if (res.success && session) {
      setToken(session.token);
      localStorage.removeItem('user');
      localStorage.setItem('user_email', cleanEmail);
      setNotice({ kind: 'success', text: res.message || AUTH_TEXT.signupSuccess });
      later(
        () =>
          navigate('/verify-otp', {
            // The relay refused the code mail: said on the next screen, resend open at once.
            state: {
              email: cleanEmail,
              codeSent: res.mail_sent !== false,
              codeLost: res.mail_sent === false,
            },
          }),
        DELAY_MS.signupVerify,
      );
      return;
    }
    setBusy(false);
    setBadFields(Object.keys(res.errors ?? {}));
    const fallback =
      action === 'device_already_registered'
        ? AUTH_TEXT.deviceAlreadyRegistered
        : AUTH_TEXT.signupFailed;
    setNotice({ kind: 'error', text: failureText(res, fallback) });
  }

  return (
    <AuthLayout
      title={AUTH_TEXT.signupTitle}
      subtitle={AUTH_TEXT.signupSubtitle}
      footer={
        <p>
          {AUTH_TEXT.hasAccount} <Link to="/login">{AUTH_TEXT.toLogin}</Link>
        </p>
      }
    >
      <form className="auth-form" method="post" noValidate onSubmit={(e) => void handleSubmit(e)}>
        <EmailField
          name="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          invalid={badFields.includes('email')}
          disabled={busy}
        />
        <PasswordField
          label={AUTH_TEXT.passwordLabel}
          name="new-password"
          autoComplete="new-password"
          hint={AUTH_TEXT.passwordHint}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          invalid={badFields.includes('password')}
          disabled={busy}
        />
        {showCode ? (
          <Field
            label={
              <>
                {AUTH_TEXT.invitationLabel}{' '}
                <span className="muted">{AUTH_TEXT.invitationOptional}</span>
              </>
            }
            name="invitation_code"
            autoComplete="off"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            maxLength={32}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            invalid={badFields.includes('invitation_code')}
            disabled={busy}
          />
        ) : (
          <button
            type="button"
            className="btn-link auth-invite-toggle"
            onClick={() => setShowCode(true)}
            aria-expanded={false}
          >
            + {AUTH_TEXT.invitationToggle}
          </button>
        )}
        <FormMessage notice={notice} />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy || !live}>
          {busy ? AUTH_TEXT.signupBusy : AUTH_TEXT.signupSubmit}
        </button>
        <p className="auth-terms">
          {AUTH_TEXT.termsBefore}
          <Link to="/policies">{AUTH_TEXT.termsLink}</Link>.
        </p>
      </form>
      <div className="auth-divider">
        <span>{AUTH_TEXT.or}</span>
      </div>
      <GoogleButton disabled={busy} onError={(text) => setNotice({ kind: 'error', text })} />
    </AuthLayout>
  );
}

function invalidFields(email: string, password: string): string[] {
  const bad: string[] = [];
  if (!email.trim() || credentialsError(email, 'x')) bad.push('email');
  if (password.length < PASSWORD_MIN_LENGTH) bad.push('password');
  return bad;
}
