/**
 * /auth/google/callback (spec 1 §2, §4 Google): Google sends the member back with code and
 * state; we trade them for a session, then go to /home or /step1 after 0.5 s. Any failure goes
 * back to /login with an error toast (a blocked account goes to /blocked).
 */
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from '../../lib/router';
import { authCalls } from '../../api/auth';
import { setToken } from '../../auth/session';
import { getDeviceHash } from '../../auth/deviceHash';
import { toast } from '../../ui/toast';
import { TEMP_DEVICE_HASH_KEY } from './GoogleButton';
import { DELAY_MS, failureText, nextRouteFor, readSession, storeOwnProfile } from './authFlow';
import { useLater } from './useLater';
import { AUTH_TEXT } from './texts';

export default function GoogleCallbackPage() {
  const navigate = useNavigate();
  const later = useLater();
  const [params] = useSearchParams();
  // The code is single-use: StrictMode's second effect run must not send it again.
  const started = useRef(false);
  const code = params.get('code');
  const state = params.get('state');

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fail = (message?: string) => {
      toast.error(message || AUTH_TEXT.googleFailed);
      navigate('/login', { replace: true });
    };
    if (!code || !state) return fail();

    void (async () => {
      const deviceHash = sessionStorage.getItem(TEMP_DEVICE_HASH_KEY) ?? (await getDeviceHash());
      sessionStorage.removeItem(TEMP_DEVICE_HASH_KEY);
      const res = await authCalls.googleCallback({ code, state, device_hash: deviceHash });
      const session = readSession(res.data);
      if (!res.success && res.account_blocked) {
        toast.error(res.message || AUTH_TEXT.accountBlocked);
        return navigate('/blocked', { replace: true });
      }
      if (!res.success || !session) return fail(failureText(res, AUTH_TEXT.googleFailed));
      setToken(session.token);
      void storeOwnProfile();
      later(() => navigate(nextRouteFor(session), { replace: true }), DELAY_MS.googleSuccess);
    })();
  }, [code, state, navigate, later]);

  return (
    <div className="center-page auth-callback" role="status">
      <div className="spinner" aria-hidden />
      <p>{AUTH_TEXT.connecting}</p>
    </div>
  );
}
