/**
 * One story (spec 2 "Stories"): 'Anonyme', the date, the 'Histoire' tag, the content collapsed
 * with 'Voir plus' / 'Voir moins' when it is taller than the fold, views, likes and the like
 * button (disabled once liked, with a 1 s animation).
 */
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { STORY_LIKE_ANIMATION_MS, type TStory } from '@app/shared';
import { Eye, HatGlasses, Heart } from 'lucide-react';
import { frenchDate, STORY_TEXT } from './texts';
import type { ObserveStory } from './useViewReporter';

export const StoryCard = memo(function StoryCard({
  story,
  observe,
  onLike,
}: {
  story: TStory;
  observe: ObserveStory;
  onLike: (id: number) => void;
}) {
  const cardRef = useMemo(() => observe(story.id), [observe, story.id]);
  const contentRef = useRef<HTMLParagraphElement>(null);
  const [overflows, setOverflows] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const [popping, setPopping] = useState(false);

  useLayoutEffect(() => {
    const el = contentRef.current;
    if (el && !expanded) setOverflows(el.scrollHeight > el.clientHeight + 1);
  }, [story.content, expanded]);

  useEffect(() => {
    if (!popping) return;
    const t = setTimeout(() => setPopping(false), STORY_LIKE_ANIMATION_MS);
    return () => clearTimeout(t);
  }, [popping]);

  function handleLike() {
    setPopping(true);
    onLike(story.id);
  }

  const contentId = `story-content-${story.id}`;
  const likes = STORY_TEXT.likes(story.likes);
  return (
    <article className="story-card" ref={cardRef} data-testid="story-card">
      <header className="story-head">
        <span className="story-avatar" aria-hidden>
          <HatGlasses />
        </span>
        <div className="story-who">
          <p className="story-author">{STORY_TEXT.anonymous}</p>
          <time className="muted" dateTime={story.created_at}>
            {frenchDate(story.created_at)}
          </time>
        </div>
        <span className="story-tag">{STORY_TEXT.tag}</span>
      </header>
      <p
        id={contentId}
        ref={contentRef}
        className={expanded ? 'story-content expanded' : 'story-content'}
      >
        {story.content}
      </p>
      {(overflows || expanded) && (
        <button
          type="button"
          className="btn-link story-more"
          aria-expanded={expanded}
          aria-controls={contentId}
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? STORY_TEXT.seeLess : STORY_TEXT.seeMore}
        </button>
      )}
      <footer className="story-stats">
        <span className="story-views">
          <Eye /> {STORY_TEXT.views(story.views)}
        </span>
        <button
          type="button"
          className={`story-like${story.liked ? ' liked' : ''}${popping ? ' pop' : ''}`}
          onClick={handleLike}
          disabled={story.liked}
          aria-pressed={story.liked}
          // Unliked, the visible « 3 J'aime » is the name; a name must hold the words shown.
          aria-label={story.liked ? `${STORY_TEXT.liked} : ${likes}` : undefined}
        >
          <span aria-hidden>
            <Heart fill={story.liked ? 'currentColor' : 'none'} />
          </span>{' '}
          <span data-testid="story-likes">{likes}</span>
        </button>
      </footer>
    </article>
  );
});
