/**
 * /home, 'Découvrez les annonces' (spec 1 "Home feed", §4 "Feed", §8, §9): a skeleton, then
 * the cards, 5 at a time, the next page loading within 1000 px of the bottom; the end text;
 * an error panel with retry for the first page, a toast and a retry button for a later one.
 */
import { useDeferredValue, useEffect, useRef } from 'react';
import { useFeed } from '../../api/useAnnouncements';
import { ApiError } from '../../api/client';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { toast } from '../../ui/toast';
import { AnnouncementCard } from './AnnouncementCard';
import { FeedSkeleton } from './Skeletons';
import { useFeedPosition } from './useFeedPosition';
import { useNearBottom } from './useNearBottom';
import { ANN_TEXT } from './texts';
import './announcements.css';

const loadErrorOf = (error: unknown) =>
  error instanceof ApiError && error.result.httpStatus === 0
    ? ANN_TEXT.feedNetworkError
    : ANN_TEXT.feedError;

export default function HomePage() {
  const { position, ready } = useFeedPosition();
  const feed = useFeed(position, ready);
  // Cards are drawn in a background render React can pause (no long task on a slow phone).
  const shown = useDeferredValue(feed.data);
  const items = shown?.pages.flatMap((p) => p.items) ?? [];
  // A later page that failed waits for the member's tap instead of retrying on every scroll.
  const pageFailed = feed.isFetchNextPageError;
  const canLoadMore = !!feed.hasNextPage && !feed.isFetchingNextPage && !pageFailed;

  useNearBottom(() => void feed.fetchNextPage(), canLoadMore, items.length);

  const toasted = useRef(false);
  useEffect(() => {
    if (pageFailed && !toasted.current) toast.error(ANN_TEXT.feedPageError);
    toasted.current = pageFailed;
  }, [pageFailed]);

  // The same announcement may move to the next page when new ones are published meanwhile.
  const seen = new Set<number>();
  const unique = items.filter((a) => !seen.has(a.id) && seen.add(a.id));

  return (
    <section className="page ann-page">
      <h1>{ANN_TEXT.feedTitle}</h1>
      {!ready || feed.isPending || (feed.data && !shown) ? (
        <FeedSkeleton />
      ) : feed.isError && !feed.data ? (
        <ErrorPanel
          message={loadErrorOf(feed.error)}
          onRetry={() => void feed.refetch()}
          showBack={false}
        />
      ) : (
        <>
          <div className="ann-list">
            {unique.map((a) => (
              <AnnouncementCard key={a.id} item={a} />
            ))}
          </div>
          <div className="ann-end" role="status">
            {feed.isFetchingNextPage ? (
              <div className="spinner ann-spinner" aria-hidden />
            ) : pageFailed ? (
              <button
                type="button"
                className="btn btn-ghost"
                onClick={() => void feed.fetchNextPage()}
              >
                {ANN_TEXT.retry}
              </button>
            ) : (
              !feed.hasNextPage && <p className="muted">{ANN_TEXT.feedEnd}</p>
            )}
          </div>
        </>
      )}
    </section>
  );
}
