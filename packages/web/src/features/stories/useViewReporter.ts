/**
 * Views (spec 2 §4, §9): a story is reported once it is 20 % visible, once per session (the
 * ids already reported are kept in sessionStorage). One IntersectionObserver serves the list;
 * each card registers its element through `observe(id)`.
 */
import { useCallback, useEffect, useRef } from 'react';
import { STORY_VIEW_THRESHOLD } from '@app/shared';

const SEEN_KEY = 'stories_viewed';

function readSeen(): Set<number> {
  try {
    const raw: unknown = JSON.parse(sessionStorage.getItem(SEEN_KEY) ?? '[]');
    return new Set(Array.isArray(raw) ? raw.filter((v): v is number => typeof v === 'number') : []);
  } catch {
    return new Set();
  }
}

export type ObserveStory = (id: number) => (el: HTMLElement | null) => void;

export function useViewReporter(report: (id: number) => void): ObserveStory {
  const observer = useRef<IntersectionObserver | null>(null);
  const latest = useRef(report);
  useEffect(() => {
    latest.current = report;
  });
  useEffect(() => () => observer.current?.disconnect(), []);

  // Created on the first card's ref, which React attaches before this component's effects run.
  const getObserver = useCallback(() => {
    if (observer.current || !('IntersectionObserver' in window)) return observer.current;
    const seen = readSeen();
    observer.current = new IntersectionObserver(
      (entries, io) => {
        for (const entry of entries) {
          if (!entry.isIntersecting || !(entry.target instanceof HTMLElement)) continue;
          io.unobserve(entry.target);
          const id = Number(entry.target.dataset.storyId);
          if (!id || seen.has(id)) continue;
          seen.add(id);
          sessionStorage.setItem(SEEN_KEY, JSON.stringify([...seen]));
          latest.current(id);
        }
      },
      { threshold: STORY_VIEW_THRESHOLD },
    );
    return observer.current;
  }, []);

  return useCallback(
    (id: number) => (el: HTMLElement | null) => {
      if (!el) return;
      el.dataset.storyId = String(id);
      getObserver()?.observe(el);
    },
    [getObserver],
  );
}
