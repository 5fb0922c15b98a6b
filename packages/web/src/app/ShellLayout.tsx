/**
 * The signed-in shell: top bar (live unread badge), the screen, bottom navigation, the
 * notification panel, the welcome / daily-reward modals and the realtime "reconnecting" pill.
 * Both layouts open the realtime connection, merge live notifications into the cache, send the
 * delivery receipts of incoming messages, report presence while the app is in the background and
 * start the local reminders, and keep this browser's Web Push subscription for the member
 * signed in. The realtime client, the modals and the reminders wait until the first screen is
 * painted (lib/firstScreen). A voice call rings and shows over any screen of either layout
 * (CallLayer, after the paint too; its engine and screen download when a call starts or rings). Full-screen pages (a conversation, forms) use BareLayout, with the same pill.
 */
import { Suspense, useCallback, useEffect, useState } from 'react';
import { lazyPart } from '../ui/lazyPart';
import { Outlet } from '../lib/router';
import { ScreenShown, useScreenShown } from '../lib/firstScreen';
import { FrameSkeleton } from '../lib/frame';
import { TopBar } from '../components/TopBar';
import { BottomNav } from '../components/BottomNav';
import { Spinner } from '../ui/Spinner';
import { useProfile } from '../api/useProfile';
import { useLiveNotifications, useUnreadCount } from '../api/useNotifications';
import { getToken } from '../auth/session';
import { connectRealtime } from '../realtime/socket';
import { ConnectionPill } from '../realtime/ConnectionPill';
import { useDeliveryAcks } from '../realtime/useDeliveryAcks';
import { usePresenceWhileAway } from '../realtime/presenceAway';

const SKIP_TO_NAV = 'Aller à la navigation';

const NotificationPanel = lazyPart(() => import('../features/notifications/NotificationPanel'), {
  dismiss: (p) => p.onClose,
});
// Calls ring over any screen; the listener loads after the first paint, like the realtime client.
const CallLayer = lazyPart(() => import('../features/chats'), { quiet: true });
const RewardModals = lazyPart(() => import('../features/notifications/RewardModals'), {
  quiet: true,
});

/**
 * The realtime connection, live notifications, delivery receipts, background presence,
 * reminders and the push subscription, for every signed-in screen.
 */
function useRealtimeConnection() {
  const profileId = useProfile().data?.id;
  const shown = useScreenShown();
  useEffect(() => {
    const token = getToken();
    if (shown && token) connectRealtime(token);
  }, [shown]);
  useLiveNotifications(profileId);
  useDeliveryAcks(profileId);
  usePresenceWhileAway();
  useEffect(() => {
    // After the screen's paint, like the realtime client: nothing of it is on the screen.
    if (profileId === undefined || !shown) return;
    void import('../lib/notifications/pushSubscription').then((m) =>
      m.keepPushSubscribed(profileId),
    );
  }, [profileId, shown]);
  useEffect(() => {
    // Only where notifications exist; the module is small and loads after the screen.
    if (!shown || !('Notification' in window)) return;
    void import('../features/notifications/reminders').then((m) => m.startReminders());
  }, [shown]);
}

export function ShellLayout() {
  const profile = useProfile();
  const unread = useUnreadCount();
  const [panelOpen, setPanelOpen] = useState(false);
  const shown = useScreenShown();
  const closePanel = useCallback(() => setPanelOpen(false), []);
  useRealtimeConnection();
  return (
    <div className="shell">
      {/* The feed never ends: a keyboard reaches the navigation without tabbing through it. */}
      <a className="skip-link" href="#main-nav">
        {SKIP_TO_NAV}
      </a>
      <TopBar
        coins={profile.data?.coins ?? null}
        unread={unread}
        panelOpen={panelOpen}
        onBell={() => setPanelOpen(true)}
      />
      <ConnectionPill />
      <main className="shell-main">
        <Suspense fallback={<FrameSkeleton otherwise={<Spinner />} />}>
          <Outlet />
          <ScreenShown />
        </Suspense>
      </main>
      <BottomNav />
      {panelOpen && <NotificationPanel onClose={closePanel} />}
      {profile.data && shown && <RewardModals />}
      {shown && <CallLayer />}
    </div>
  );
}

export function BareLayout() {
  useRealtimeConnection();
  const shown = useScreenShown();
  return (
    <main className="bare-main">
      <ConnectionPill />
      <Suspense fallback={<Spinner />}>
        <Outlet />
        <ScreenShown />
      </Suspense>
      {shown && <CallLayer />}
    </main>
  );
}
