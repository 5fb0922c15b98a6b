/**
 * /histoires, 'Histoires anonymes' (spec 2 "Stories"): 'Publier mon histoire', the approved
 * stories newest first, the next page loaded within 800 px of the end, views reported at 20 %
 * visibility, the optimistic like, and 'Toutes les histoires sont affichées' at the end.
 * A first-page failure fills the screen with a retry; a later one is a toast.
 */
import { useCallback, useEffect, useRef } from 'react';
import { Link } from '../../lib/router';
import { STORIES_LOAD_MARGIN_PX } from '@app/shared';
import { useLikeStory, useReportView, useStories } from '../../api/useStories';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { toast } from '../../ui/toast';
import { StoryCard } from './StoryCard';
import { STORY_TEXT } from './texts';
import { useViewReporter } from './useViewReporter';
import './stories.css';

export default function StoriesPage() {
  const stories = useStories();
  const { mutate: like } = useLikeStory();
  const reportView = useReportView();
  const observe = useViewReporter((id) => void reportView(id).catch(() => undefined));
  const sentinel = useRef<HTMLDivElement>(null);
  const items = stories.data?.pages.flatMap((p) => p.data) ?? [];
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError } = stories;

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || !('IntersectionObserver' in window)) return;
    const io = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: `0px 0px ${STORIES_LOAD_MARGIN_PX}px 0px` },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, items.length]);

  useEffect(() => {
    if (isFetchNextPageError && stories.error) toast.error(stories.error.message);
  }, [isFetchNextPageError, stories.error]);

  const handleLike = useCallback(
    (id: number) => like(id, { onError: (err) => toast.error(err.message) }),
    [like],
  );

  if (stories.isPending) return <StoriesSkeleton />;
  if (stories.isError && items.length === 0) {
    return <ErrorPanel message={stories.error.message} onRetry={() => void stories.refetch()} />;
  }

  return (
    <section className="stories-page">
      <header className="stories-header">
        <h1>{STORY_TEXT.title}</h1>
        <p className="muted">{STORY_TEXT.lead}</p>
        <Link to="/histoires/publier" className="btn btn-primary btn-block">
          {STORY_TEXT.publishMine}
        </Link>
      </header>
      {items.length === 0 && <p className="stories-empty muted">{STORY_TEXT.empty}</p>}
      <div className="stories-list">
        {items.map((s) => (
          <StoryCard key={s.id} story={s} observe={observe} onLike={handleLike} />
        ))}
      </div>
      <div ref={sentinel} className="stories-sentinel" aria-hidden />
      {isFetchingNextPage && <p className="stories-end muted">{STORY_TEXT.loadingMore}</p>}
      {isFetchNextPageError && (
        <button
          type="button"
          className="btn btn-ghost btn-block"
          onClick={() => void fetchNextPage()}
        >
          {STORY_TEXT.retry}
        </button>
      )}
      {!hasNextPage && items.length > 0 && (
        <p className="stories-end muted">{STORY_TEXT.allShown}</p>
      )}
    </section>
  );
}

function StoriesSkeleton() {
  return (
    <section className="stories-page" aria-busy="true">
      {Array.from({ length: 3 }, (_, i) => (
        <div key={i} className="story-card" aria-hidden>
          <div className="sk sk-line sk-w45" />
          <div className="sk sk-line" />
          <div className="sk sk-line sk-w80" />
        </div>
      ))}
    </section>
  );
}
