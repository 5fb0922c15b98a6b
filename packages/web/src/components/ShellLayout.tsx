/**
 * The signed-in shell: top bar, the screen, bottom navigation. Also opens the realtime
 * connection once signed in. Full-screen pages (a conversation, forms) use BareLayout.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { TopBar } from './TopBar';
import { BottomNav } from './BottomNav';
import { Spinner } from './Spinner';
import { useProfile } from '../api/useProfile';
import { useUnreadCount } from '../api/useNotifications';
import { getToken } from '../auth/session';
import { connectRealtime } from '../realtime/socket';

const NotificationPanel = lazy(() => import('../features/notifications/NotificationPanel'));

export function useRealtimeConnection() {
  useEffect(() => {
    const token = getToken();
    if (token) void connectRealtime(token);
  }, []);
}

export function ShellLayout() {
  const profile = useProfile();
  const unread = useUnreadCount();
  const [panelOpen, setPanelOpen] = useState(false);
  useRealtimeConnection();
  return (
    <div className="shell">
      <TopBar
        coins={profile.data?.coins ?? null}
        unread={unread}
        onBell={() => setPanelOpen(true)}
      />
      <main className="shell-main">
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <BottomNav />
      {panelOpen && (
        <Suspense fallback={null}>
          <NotificationPanel onClose={() => setPanelOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}

export function BareLayout() {
  useRealtimeConnection();
  return (
    <main className="bare-main">
      <Suspense fallback={<Spinner />}>
        <Outlet />
      </Suspense>
    </main>
  );
}
