/** Infinite scrolling for a list inside a scrolling box (the panel), without scroll handlers. */
import { useEffect, useRef, type RefObject } from 'react';

/** Loads the next page when the list's end comes within this distance. */
const LOAD_MORE_MARGIN = '300px';

/**
 * Calls onNearEnd when the sentinel it returns comes near the visible part of `root`.
 * Changing `version` observes again, so an end still in view after a page lands asks for more.
 */
export function useLoadMore(
  root: RefObject<HTMLElement | null>,
  onNearEnd: () => void,
  active: boolean,
  version: number,
) {
  const sentinel = useRef<HTMLDivElement>(null);
  const callback = useRef(onNearEnd);
  useEffect(() => {
    callback.current = onNearEnd;
  });
  useEffect(() => {
    const target = sentinel.current;
    if (!active || !target) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) callback.current();
      },
      { root: root.current, rootMargin: LOAD_MORE_MARGIN },
    );
    io.observe(target);
    return () => io.disconnect();
  }, [root, active, version]);
  return sentinel;
}
