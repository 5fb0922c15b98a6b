/**
 * /verify-otp (spec 1 §2, §4 OTP, §5, §8): the e-mail comes in the navigation state, else back
 * to /signup. Six boxes that submit themselves when full, a resend with a visible 60 s
 * cooldown (or the server's retry_after), then the wizard 2 s after success.
 */
import { useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from '../../lib/router';
import { CODE_MAIL_MSG, OTP_LENGTH, OTP_RESEND_COOLDOWN_S } from '@app/shared';
import { type ApiResult } from '../../api/client';
import { authCalls } from '../../api/auth';
import { AuthLayout } from './AuthLayout';
import { FormMessage, type Notice } from '../../ui/FormMessage';
import { OtpInput, emptyOtp } from '../../ui/OtpInput';
import { DELAY_MS, failureText, isOtpCode } from './authFlow';
import { useCountdown } from './useCountdown';
import { useLater } from './useLater';
import { AUTH_TEXT } from './texts';
import { EmailWithBreak } from './EmailWithBreak';

/** Past this the check is abandoned with the spec's time-out message. */
const VERIFY_TIMEOUT_MS = 20_000;

export default function VerifyOtpPage() {
  const { state } = useLocation();
  const nav = (state ?? {}) as { email?: unknown; codeSent?: unknown; codeLost?: unknown };
  if (typeof nav.email !== 'string' || !nav.email) return <Navigate to="/signup" replace />;
  return (
    <VerifyOtpForm
      email={nav.email}
      codeJustSent={nav.codeSent === true}
      codeLost={nav.codeLost === true}
    />
  );
}

function VerifyOtpForm({
  email,
  codeJustSent,
  codeLost,
}: {
  email: string;
  codeJustSent: boolean;
  /** The sign-up's code mail was refused by the relay: say it, and let a resend go at once. */
  codeLost: boolean;
}) {
  const navigate = useNavigate();
  const later = useLater();
  const firstBox = useRef<HTMLInputElement | null>(null);
  const [digits, setDigits] = useState(() => emptyOtp(OTP_LENGTH));
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [resending, setResending] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(() =>
    codeLost ? { kind: 'error', text: CODE_MAIL_MSG.signupCodeNotSent } : null,
  );
  const [cooldown, startCooldown] = useCountdown(codeJustSent ? OTP_RESEND_COOLDOWN_S : 0);

  function restart(text: string) {
    setDigits(emptyOtp(OTP_LENGTH));
    setNotice({ kind: 'error', text });
    firstBox.current?.focus();
  }

  async function verify(code: string) {
    if (busy || done) return;
    setBusy(true);
    setNotice(null);
    const res = await callWithTimeout(email, code);
    if (res === 'timeout') {
      setBusy(false);
      return setNotice({ kind: 'error', text: AUTH_TEXT.otpTimeout });
    }
    if (res.success) {
      setDone(true);
      setNotice({ kind: 'success', text: res.message || AUTH_TEXT.otpVerified });
      later(() => navigate('/step1', { replace: true }), DELAY_MS.otpSuccess);
      return;
    }
    setBusy(false);
    if (res.httpStatus === 0) return setNotice({ kind: 'error', text: AUTH_TEXT.otpNetwork });
    if (res.error === 'otp_expired') return restart(AUTH_TEXT.otpExpired);
    if (res.error === 'otp_incorrect') return restart(AUTH_TEXT.otpIncorrect);
    setNotice({ kind: 'error', text: failureText(res, AUTH_TEXT.otpIncorrect) });
  }

  function handleDigits(next: string[]) {
    setDigits(next);
    if (notice?.kind === 'error') setNotice(null);
    if (next.every(Boolean)) void verify(next.join(''));
  }

  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    const code = digits.join('');
    if (!isOtpCode(code)) {
      return setNotice({ kind: 'error', text: AUTH_TEXT.otpFormat });
    }
    void verify(code);
  }

  async function handleResend() {
    setResending(true);
    const res = await authCalls.resendOtp({ email });
    setResending(false);
    if (res.success) {
      const sent: Notice = { kind: 'success', text: res.message || AUTH_TEXT.otpSent };
      setDigits(emptyOtp(OTP_LENGTH));
      setNotice(sent);
      startCooldown(OTP_RESEND_COOLDOWN_S);
      later(() => setNotice((cur) => (cur === sent ? null : cur)), DELAY_MS.resendMessage);
      firstBox.current?.focus();
      return;
    }
    if (res.httpStatus === 429) {
      const retry = res.retry_after ?? 0;
      startCooldown(retry > 0 ? Math.ceil(retry) : OTP_RESEND_COOLDOWN_S);
      return setNotice({ kind: 'error', text: res.message || AUTH_TEXT.otpResendWait });
    }
    // mail_failed: the relay refused it; the server says so, and no cooldown holds the button.
    setNotice({ kind: 'error', text: failureText(res, AUTH_TEXT.otpResendFailed) });
  }

  return (
    <AuthLayout
      title={AUTH_TEXT.otpTitle}
      subtitle={
        <>
          {AUTH_TEXT.otpIntro} <EmailWithBreak email={email} />
        </>
      }
      footer={<Link to="/login">{AUTH_TEXT.backToLogin}</Link>}
    >
      <form className="auth-form" noValidate onSubmit={handleSubmit}>
        <OtpInput
          digits={digits}
          onChange={handleDigits}
          readOnly={busy || done}
          invalid={notice?.kind === 'error'}
          firstRef={firstBox}
          groupLabel={AUTH_TEXT.otpGroup}
          digitLabel={AUTH_TEXT.otpDigit}
          autoFocus
        />
        <FormMessage notice={notice} />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy || done}>
          {busy ? AUTH_TEXT.otpBusy : AUTH_TEXT.otpSubmit}
        </button>
      </form>
      <div className="otp-resend">
        <p className="muted">{AUTH_TEXT.otpNoMail}</p>
        <button
          type="button"
          className="btn btn-ghost btn-block"
          disabled={cooldown > 0 || resending || done}
          onClick={() => void handleResend()}
        >
          {resending
            ? AUTH_TEXT.otpResendBusy
            : cooldown > 0
              ? AUTH_TEXT.otpResendIn(cooldown)
              : AUTH_TEXT.otpResend}
        </button>
      </div>
    </AuthLayout>
  );
}

async function callWithTimeout(
  email: string,
  code: string,
): Promise<ApiResult<unknown> | 'timeout'> {
  const ctrl = new AbortController();
  const timer = window.setTimeout(() => ctrl.abort(), VERIFY_TIMEOUT_MS);
  try {
    return await authCalls.verifyOtp({ email, otp_code: code }, { signal: ctrl.signal });
  } catch {
    return 'timeout';
  } finally {
    window.clearTimeout(timer);
  }
}
