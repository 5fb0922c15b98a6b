/** Wraps every route: toasts, the offline banner, and the API client's navigator. */
import { Suspense, useEffect, useSyncExternalStore } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { MSG } from '@app/shared';
import { setApiNavigator } from '../api/client';
import { Toasts } from './Toasts';
import { Spinner } from './Spinner';

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
      <Suspense fallback={<Spinner />}>
        <Outlet />
      </Suspense>
      <Toasts />
    </>
  );
}
