/**
 * Wraps every route: toasts, the offline banner, the API client's navigator, and the error
 * boundary that turns a crashed screen or an undownloadable lazy chunk into the error panel.
 */
import { Suspense, useEffect } from 'react';
import { Outlet, useNavigate } from '../lib/router';
import { MSG } from '@app/shared';
import { setApiNavigator } from '../api/client';
import { Toasts } from '../ui/Toasts';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { Spinner } from '../ui/Spinner';
import { Frame } from '../lib/frame';
import { useOnline } from '../lib/useOnline';

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
