/**
 * Wraps every route: toasts, the offline banner, the API client's navigator, and the error
 * boundary that turns a crashed screen or an undownloadable lazy chunk into the error panel.
 */
import { Suspense, useEffect, useSyncExternalStore } from 'react';
import { Outlet, useNavigate } from '../lib/router';
import { MSG } from '@app/shared';
import { setApiNavigator } from '../api/client';
import { Toasts } from '../ui/Toasts';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { Spinner } from '../ui/Spinner';
import { Frame } from '../lib/frame';

function useOnline() {
  return useSyncExternalStore(
    (l) => {
      window.addEventListener('online', l);
      window.addEventListener('offline', l);
      return () => {
        window.removeEventListener('online', l);
        window.removeEventListener('offline', l);
      };
    },
    () => navigator.onLine,
    () => true,
  );
}

export function RootLayout() {
  const navigate = useNavigate();
  const online = useOnline();
  useEffect(() => setApiNavigator((to) => navigate(to, { replace: true })), [navigate]);
  return (
    <>
      {!online && (
        <div className="offline-banner" role="status">
          {MSG.offline}
        </div>
      )}
      <RouteErrorBoundary>
        <Suspense fallback={<Frame otherwise={<Spinner />} />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
      <Toasts />
    </>
  );
}
