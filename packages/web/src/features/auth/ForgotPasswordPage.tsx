/**
 * /forgot-password: step 1 asks for the e-mail (POST /password/forgot, always the same answer so
 * nobody can probe which e-mails have accounts); step 2 takes the 6-digit code and a new
 * password (POST /password/reset), then back to /login with a success toast.
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from '../../lib/router';
import { useHydrated } from '../../lib/useHydrated';
import { OTP_LENGTH, PASSWORD_MIN_LENGTH } from '@app/shared';
import { authCalls } from '../../api/auth';
import { toast } from '../../ui/toast';
import { AuthLayout } from './AuthLayout';
import { EmailField } from './EmailField';
import { PasswordField } from './PasswordField';
import { Field } from '../../ui/Field';
import { FormMessage, type Notice } from '../../ui/FormMessage';
import { failureText, isEmail, isOtpCode } from './authFlow';
import { AUTH_TEXT } from './texts';
import { EmailWithBreak } from './EmailWithBreak';

export default function ForgotPasswordPage() {
  const live = useHydrated();
  const navigate = useNavigate();
  const [step, setStep] = useState<'email' | 'reset'>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const cleanEmail = email.trim().toLowerCase();

  async function sendCode() {
    setBusy(true);
    setNotice(null);
    const res = await authCalls.forgotPassword({ email: cleanEmail });
    setBusy(false);
    if (!res.success)
      return setNotice({ kind: 'error', text: failureText(res, AUTH_TEXT.generic) });
    setStep('reset');
    setNotice({ kind: 'info', text: res.message || AUTH_TEXT.resetSent });
  }

  function handleEmail(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!cleanEmail) return setNotice({ kind: 'error', text: AUTH_TEXT.fillAll });
    if (!isEmail(cleanEmail)) return setNotice({ kind: 'error', text: AUTH_TEXT.invalidEmail });
    void sendCode();
  }

  async function handleReset(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const invalid =
      !code.trim() || !password
        ? AUTH_TEXT.fillAll
        : !isOtpCode(code.trim())
          ? AUTH_TEXT.otpFormat
          : password.length < PASSWORD_MIN_LENGTH
            ? AUTH_TEXT.passwordTooShort
            : null;
    if (invalid) return setNotice({ kind: 'error', text: invalid });
    setBusy(true);
    setNotice(null);
    const res = await authCalls.resetPassword({ email: cleanEmail, code: code.trim(), password });
    if (res.success) {
      toast.success(res.message || AUTH_TEXT.resetDone);
      return navigate('/login', { replace: true });
    }
    setBusy(false);
    setNotice({ kind: 'error', text: failureText(res, AUTH_TEXT.resetInvalid) });
  }

  const footer = <Link to="/login">{AUTH_TEXT.backToLogin}</Link>;

  if (step === 'email') {
    return (
      <AuthLayout title={AUTH_TEXT.forgotTitle} subtitle={AUTH_TEXT.forgotIntro} footer={footer}>
        <form className="auth-form" method="post" noValidate onSubmit={handleEmail}>
          <EmailField
            name="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            disabled={busy}
            autoFocus
          />
          <FormMessage notice={notice} />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy || !live}>
            {busy ? AUTH_TEXT.forgotBusy : AUTH_TEXT.forgotSubmit}
          </button>
        </form>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={AUTH_TEXT.forgotTitle}
      subtitle={
        <>
          {AUTH_TEXT.resetIntro} <EmailWithBreak email={cleanEmail} />
        </>
      }
      footer={footer}
    >
      <form className="auth-form" method="post" noValidate onSubmit={(e) => void handleReset(e)}>
        <input type="hidden" name="username" autoComplete="username" value={cleanEmail} />
        <Field
          label={AUTH_TEXT.codeLabel}
          name="code"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          className="code-input"
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          disabled={busy}
          autoFocus
        />
        <PasswordField
          label={AUTH_TEXT.newPasswordLabel}
          name="new-password"
          autoComplete="new-password"
          hint={AUTH_TEXT.passwordHint}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          disabled={busy}
        />
        <FormMessage notice={notice} />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy || !live}>
          {busy ? AUTH_TEXT.resetBusy : AUTH_TEXT.resetSubmit}
        </button>
      </form>
      <div className="auth-row-links">
        <button
          type="button"
          className="btn-link"
          disabled={busy}
          onClick={() => {
            setStep('email');
            setNotice(null);
          }}
        >
          {AUTH_TEXT.changeEmail}
        </button>
        <button type="button" className="btn-link" disabled={busy} onClick={() => void sendCode()}>
          {AUTH_TEXT.resendCode}
        </button>
      </div>
    </AuthLayout>
  );
}
