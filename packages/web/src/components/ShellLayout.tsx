/**
 * The signed-in shell: top bar (live unread badge), the screen, bottom navigation, the
 * notification panel, the welcome / daily-reward modals and the realtime "reconnecting" pill.
 * Both layouts open the realtime connection, merge live notifications into the cache and
 * start the local reminders. Full-screen pages (a conversation, forms) use BareLayout.
 */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { TopBar } from './TopBar';
import { BottomNav } from './BottomNav';
import { Spinner } from './Spinner';
import { useProfile } from '../api/useProfile';
import { useLiveNotifications, useUnreadCount } from '../api/useNotifications';
import { getToken } from '../auth/session';
import { connectRealtime } from '../realtime/socket';
import { ConnectionPill } from '../realtime/ConnectionPill';

const NotificationPanel = lazy(() => import('../features/notifications/NotificationPanel'));
const RewardModals = lazy(() => import('../features/notifications/RewardModals'));

/** The realtime connection, live notifications and reminders, for every signed-in screen. */
export function useRealtimeConnection() {
  const profileId = useProfile().data?.id;
  useEffect(() => {
    const token = getToken();
    if (token) void connectRealtime(token);
  }, []);
  useLiveNotifications(profileId);
  useEffect(() => {
    // Only where notifications exist; the module is small and loads after the screen.
    if (!('Notification' in window)) return;
    void import('../features/notifications/reminders').then((m) => m.startReminders());
  }, []);
}

export function ShellLayout() {
  const profile = useProfile();
  const unread = useUnreadCount();
  const [panelOpen, setPanelOpen] = useState(false);
  const closePanel = useCallback(() => setPanelOpen(false), []);
  useRealtimeConnection();
  return (
    <div className="shell">
      <TopBar
        coins={profile.data?.coins ?? null}
        unread={unread}
        panelOpen={panelOpen}
        onBell={() => setPanelOpen(true)}
      />
      <ConnectionPill />
      <main className="shell-main">
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <BottomNav />
      {panelOpen && (
        <Suspense fallback={null}>
          <NotificationPanel onClose={closePanel} />
        </Suspense>
      )}
      {profile.data && (
        <Suspense fallback={null}>
          <RewardModals />
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
