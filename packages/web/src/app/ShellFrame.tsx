/**
 * The signed-in frame as the build draws it into the page every signed-in address is served
 * (prerender.tsx): the real top bar and bottom navigation, with the feed's skeleton cards where
 * the screen goes. Rendered at build time only; in the browser the app keeps that HTML and shows
 * it again while its own code arrives (lib/frame.tsx), so it costs the bundle nothing.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TopBar } from '../components/TopBar';
import { BottomNav } from '../components/BottomNav';
import { FeedSkeleton } from '../features/announcements/Skeletons';

export function ShellFrame() {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <div className="shell">
        <TopBar coins={null} unread={0} onBell={() => undefined} />
        <main className="shell-main">
          <FeedSkeleton />
        </main>
        <BottomNav />
      </div>
    </QueryClientProvider>
  );
}
