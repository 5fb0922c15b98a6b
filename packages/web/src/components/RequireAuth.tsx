/**
 * The route guard (spec 1 §2 and §4): no token → /login; while checking 'Vérification en
 * cours...'; on failure 'Erreur d'authentification' / 'Redirection en cours...'; each
 * server action sends the member where it says.
 */
import { useDeferredValue, useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from '../lib/router';
import { NetworkError, useAuthStatus } from '../api/useAuthStatus';
import { ErrorPanel } from '../ui/ErrorPanel';
import { Frame } from '../lib/frame';
import { clearSession, getToken, sessionEndedBlocked } from '../auth/session';

const WIZARD = '/step1';

export function RequireAuth({ children }: { children: ReactNode }) {
  const token = getToken();
  const status = useAuthStatus();
  // The signed-in screen (shell, first page) is drawn in a background render React can pause,
  // not in one long task on the answer: a slow phone stays responsive while it draws.
  const checked = useDeferredValue(status.data !== undefined);
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const target = (() => {
    if (!status.data) return null;
    const { action, profile_complete, email } = status.data;
    if (action === 'redirect_login') return { to: '/login', clear: true };
    if (action === 'account_blocked') return { to: '/blocked', clear: true, blocked: true };
    if (action === 'redirect_verify_otp') return { to: '/verify-otp', state: { email } };
    if ((action === 'redirect_complete_profile' || !profile_complete) && pathname !== WIZARD) {
      return { to: WIZARD };
    }
    return null;
  })();

  // A flaky network must not sign anyone out: only a server-side failure redirects.
  const offline = status.error instanceof NetworkError;
  const failed = status.isError && !status.data && !offline;
  useEffect(() => {
    if (!failed) return;
    const t = setTimeout(() => navigate('/login', { replace: true }), 1500);
    return () => clearTimeout(t);
  }, [failed, navigate]);

  useEffect(() => {
    if (!target) return;
    if (target.clear) clearSession({ blocked: target.blocked });
    navigate(target.to, { replace: true, state: target.state });
  }, [target?.to, navigate]); // eslint-disable-line react-hooks/exhaustive-deps

  // Blocked during the visit: the session was just cleared on the way to /blocked.
  if (!token) return <Navigate to={sessionEndedBlocked() ? '/blocked' : '/login'} replace />;
  if (status.data === undefined && offline) {
    return <ErrorPanel message="Erreur de connexion" onRetry={() => void status.refetch()} />;
  }
  if (failed) {
    return <GuardScreen title="Erreur d'authentification" detail="Redirection en cours..." />;
  }
  if (status.data === undefined) return <GuardScreen title="Vérification en cours..." />;
  if (target) return <GuardScreen title="Accès en cours de vérification..." />;
  if (!checked) return <GuardScreen title="Vérification en cours..." />;
  return <>{children}</>;
}

/** The check's state: over the signed-in frame when the page came with one (lib/frame). */
function GuardScreen({ title, detail }: { title: string; detail?: string }) {
  const plain = (
    <div className="center-page" role="status">
      <div className="spinner" aria-hidden />
      <p>{title}</p>
      {detail && <p className="muted">{detail}</p>}
    </div>
  );
  return (
    <Frame otherwise={plain}>
      <p className="frame-status" role="status">
        {title}
        {detail && ` ${detail}`}
      </p>
    </Frame>
  );
}
